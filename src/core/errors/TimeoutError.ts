import { InsuranceError } from './InsuranceError.js';

/** No answer in time. The request may or may not have taken effect: retry with the same key. */
export class TimeoutError extends InsuranceError {
  constructor(message = 'The request timed out', cause?: unknown) {
    super('timeout', message, { cause });
  }
}
