import { InsuranceError } from './InsuranceError.js';

/** Missing, invalid or expired credentials (HTTP 401). */
export class UnauthorizedError extends InsuranceError {
  constructor(message = 'Not authorized') {
    super('unauthorized', message, { status: 401 });
  }
}
