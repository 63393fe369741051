import type { SandboxPolicySpec } from './createSandboxPolicy.js';
import { createSandboxPolicy } from './createSandboxPolicy.js';
import type { SandboxRuntime } from './sandboxRuntime.js';
import type { SandboxLoan, SandboxPolicy } from './sandboxTypes.js';

/** What a loan's new policy is made from; its owner and ids come from the loan. */
export type LoanPolicyTerms = Omit<
  SandboxPolicySpec,
  'partner' | 'loanId' | 'externalId' | 'boundAt' | 'numericIds'
>;

/**
 * Creates a policy for a loan application (bound at the end of shopping, or retrieved from a
 * carrier), files it and its documents, and emits the event that announces it.
 */
export function addLoanPolicy(
  rt: SandboxRuntime,
  loan: SandboxLoan,
  terms: LoanPolicyTerms,
  eventType: 'policy.bound' | 'policy.retrieved',
): SandboxPolicy {
  const policy = createSandboxPolicy({
    ...terms,
    partner: loan.partner,
    loanId: loan.wire.id,
    externalId: loan.wire.externalId ?? null,
    boundAt: rt.clock.now(),
    numericIds: rt.productionLike !== null,
  });
  rt.policies.set(policy.wire.id, policy);
  for (const doc of policy.documents) rt.documents.set(doc.id, doc);
  loan.policyIds.push(policy.wire.id);
  rt.emit(loan.partner, eventType, 'policy', { policyId: policy.wire.id, loanId: loan.wire.id });
  return policy;
}
