/**
 * The shared store (Redis) did not answer in time or refused a command. Whatever needed it was
 * not done: the BFF answers 503 with `Retry-After`, the webhook receiver answers 503 so the
 * service delivers the event again, and the rate limiter lets nothing through (it fails closed).
 */
export class StoreUnavailableError extends Error {
  /** Stable, for logs and switches. */
  readonly code = 'store_unavailable';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StoreUnavailableError';
  }
}
