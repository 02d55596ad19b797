/**
 * Waiting for a condition, never for a fixed time: `step` is asked again (after `everyMs`, so a
 * poll of a store or a server does not spin) until `done` holds of its answer, or `timeoutMs`
 * passes and the wait fails saying what it last saw.
 */
export async function until<T>(
  step: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 5_000, everyMs = 20, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await step();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what} did not hold within ${timeoutMs} ms; last: ${JSON.stringify(value)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
