import { InsuranceError } from './InsuranceError.js';

/** The loan application, quote or policy does not exist, or is not yours (HTTP 404). */
export class NotFoundError extends InsuranceError {
  constructor(message = 'Not found') {
    super('not_found', message, { status: 404 });
  }
}
