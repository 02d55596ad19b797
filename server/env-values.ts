/**
 * Values read from the environment the same way by every bin (the companion's, the sandbox's):
 * what z.coerce would read too kindly.
 */
import { z } from 'zod';

/** An environment variable set but empty (`PORT=` in a .env) is not set. */
const unlessEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * Digits alone, as a number from `min` to `max` (z.coerce would read `0x0BBA`, `3.5e3` and, from
 * a variable set but empty, `0`). `what` begins each refusal: "a port", "a whole number of hours".
 */
const digits = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `${what}, in digits`)
    .transform(Number)
    .pipe(z.number().min(min, `${what} of at least ${min}`).max(max, `${what} of at most ${max}`));

/** A whole number from `min` to `max`; not set (or empty), `fallback`. */
export const wholeNumber = (min: number, max: number, fallback: number, what = 'a whole number') =>
  z.preprocess(unlessEmpty, digits(min, max, what).default(fallback));

/** A whole number from `min` to `max`, or none when not set (or empty). */
export const optionalWholeNumber = (min: number, max: number, what = 'a whole number') =>
  z.preprocess(unlessEmpty, digits(min, max, what).optional());
