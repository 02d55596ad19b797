/**
 * The element's failures, in a module of their own: the package's public types import it, and it
 * imports nothing, so an app's type check never reaches the contract's zod types.
 */

/** A failure with a stable code for the failure event; `retryable` when trying again may work. */
export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
