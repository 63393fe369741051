import { NotFoundError } from '../../core/errors/NotFoundError.js';
import type { SandboxRuntime } from './sandboxRuntime.js';
import type { PartnerScope, SandboxLoan } from './sandboxTypes.js';

/** The partner's loan with this id; another partner's loan is "not found", like a missing one. */
export function findLoan(
  rt: SandboxRuntime,
  partner: PartnerScope,
  id: string | undefined,
): SandboxLoan {
  const loan = id === undefined ? undefined : rt.loans.get(id);
  if (!loan || loan.partner.partnerId !== partner.partnerId) {
    throw new NotFoundError('Loan application not found');
  }
  return loan;
}
