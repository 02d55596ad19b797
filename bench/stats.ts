/** Summaries of measured samples: the median and the spread, never a single lucky run. */

export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarise(samples: number[], digits = 2): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  // Timings, not money: rounded for printing.
  const scale = 10 ** digits;
  const round = (n: number) => Math.round(n * scale) / scale;
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2
      ? (sorted[Math.floor(middle)] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return {
    median: round(median),
    min: round(sorted[0] ?? NaN),
    max: round(sorted.at(-1) ?? NaN),
    runs: sorted.length,
  };
}

/** The p-th percentile (0–100) of samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
