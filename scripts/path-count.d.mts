/** The figures of a path through files: path-count.mjs. */
export function counted(sequence: string[]): {
  files: number;
  file_entries: number;
  entries_again: number;
  most_entries_of_one_file: number;
  entries_per_file: Record<string, number>;
};
