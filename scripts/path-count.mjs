/**
 * The figures of a path through files (scripts/session-path.mjs and session-path-static.ts): how
 * often each file occurs in the sequence, most first, and the counts over it.
 * @param {string[]} sequence
 */
export function counted(sequence) {
  /** @type {Record<string, number>} */
  const entries = {};
  for (const file of sequence) entries[file] = (entries[file] ?? 0) + 1;
  return {
    files: Object.keys(entries).length,
    file_entries: sequence.length,
    entries_again: sequence.length - Object.keys(entries).length,
    most_entries_of_one_file: Math.max(...Object.values(entries)),
    entries_per_file: Object.fromEntries(Object.entries(entries).sort((a, b) => b[1] - a[1])),
  };
}
