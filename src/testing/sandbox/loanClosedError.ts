import { ServiceError } from '../../core/errors/ServiceError.js';

/** The sandbox's refusal of a change to a closed loan application (409 `loan_closed`). */
export function loanClosedError(): ServiceError {
  return new ServiceError(409, 'loan_closed', 'The loan application is closed');
}
