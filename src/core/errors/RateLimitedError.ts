import { InsuranceError } from './InsuranceError.js';

/** Too many requests (HTTP 429). `retryAfterMs` says how long to wait, when known. */
export class RateLimitedError extends InsuranceError {
  readonly retryAfterMs: number | undefined;

  constructor(retryAfterMs?: number, message = 'Rate limit exceeded') {
    super('rate_limited', message, { status: 429 });
    this.retryAfterMs = retryAfterMs;
  }
}
