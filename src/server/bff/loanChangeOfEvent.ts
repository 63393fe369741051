import type { LoanEvent } from '../../core/schemas/loanEvent.js';
import type { LoanChange } from './LoanChange.js';

/**
 * What an event says about its loan. `loan.shopped`: quoting ended, as `RC1_RATED` or
 * `RC1_ERRORED` (which one, the display tells). `policy.*`: a policy was bound or retrieved,
 * which may move the application's status (the service does not document how); the policy itself
 * has its own read. Any other type is not documented, so nothing of the loan is taken as known.
 */
export function loanChangeOfEvent(event: LoanEvent): LoanChange {
  if (event.type === 'loan.shopped' || event.type.startsWith('policy.')) return { kind: 'status' };
  return { kind: 'unknown' };
}
