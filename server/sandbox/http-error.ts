/** An error the API answers with its own HTTP status (400 invalid input, 404 record not found). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: 400 | 404 | 413,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
