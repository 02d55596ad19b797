/**
 * Imported by preload.mjs, in each test file's process. Node 20's `--test-force-exit` ends that
 * process as soon as its stream of test events closes, while the last events may still be on
 * their way through the reporter's pipeline to stdout, which the test runner reads them from: on
 * a busy machine the runner then saw a group end without its last file's tests ("no test ran in
 * test/server/widget/cpf.test.ts", its 4 tests and one more missing from a group of 25 files;
 * one group run in three here). The exit here waits for that pipeline and for stdout to take
 * everything written to it.
 */
if (process.env.NODE_TEST_CONTEXT) {
  const exit = process.exit.bind(process);
  const turns = (n) =>
    new Promise((go) => (n === 0 ? go() : setImmediate(() => turns(n - 1).then(go))));
  process.exit = (code) => {
    void turns(3).then(() => {
      if (process.stdout.writableLength === 0) return exit(code);
      process.stdout.once('drain', () => exit(code));
    });
  };
}
