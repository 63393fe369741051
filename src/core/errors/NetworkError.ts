import { InsuranceError } from './InsuranceError.js';

/** No answer: the connection failed or was refused. Safe to retry with the same idempotency key. */
export class NetworkError extends InsuranceError {
  constructor(message = 'Network error', cause?: unknown) {
    super('network_error', message, { cause });
  }
}
