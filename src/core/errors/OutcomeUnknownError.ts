import { InsuranceError } from './InsuranceError.js';

/**
 * A write reached the service (or may have), but its outcome could not be learned: the answer
 * never came, the connection broke after sending, the service failed with a 5xx, or its answer
 * could not be read. The change may or may not have happened, so it is not sent again by itself:
 * retrying with the same `Idempotency-Key` replays this error instead of risking a duplicate.
 * A new attempt (a new key) is a deliberate decision; see the README on what a host can check.
 */
export class OutcomeUnknownError extends InsuranceError {
  constructor(
    message = 'We could not confirm whether this went through. Please check before trying again.',
    cause?: unknown,
  ) {
    super('outcome_unknown', message, { status: 502, cause });
  }
}
