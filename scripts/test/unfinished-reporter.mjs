/**
 * A node:test reporter that names, once the run ends, the suites and tests that started and never
 * finished: a test process past its time limit is stopped whole, and this says where it hung.
 */
export default async function* unfinished(source) {
  const running = new Map();
  for await (const event of source) {
    const { name, file, line, nesting } = event.data ?? {};
    const key = `${file}:${line}:${nesting}:${name}`;
    if (event.type === 'test:start') running.set(key, event.data);
    else if (event.type === 'test:pass' || event.type === 'test:fail') running.delete(key);
  }
  for (const test of running.values())
    yield `still running when the process ended: ${test.name} (${test.file}:${test.line})\n`;
}
