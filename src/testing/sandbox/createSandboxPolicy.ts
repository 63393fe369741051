import type { PolicyDetails } from '../../core/schemas/policy.js';
import { hashString } from './prng.js';
import { randomId } from './randomId.js';
import type { SandboxCoverageMap } from './sandboxCoverages.js';
import type { PartnerScope, SandboxPolicy } from './sandboxTypes.js';

const YEAR = 365 * 24 * 3600 * 1000;

/** What a sandbox policy is made from. */
export interface SandboxPolicySpec {
  partner: PartnerScope;
  loanId: string | null;
  externalId: string | null;
  carrier: string;
  policyType: string;
  premium: number;
  effectiveDate: string;
  /** The policy's coverages; the policy carries them as the one item of its `coverages` array. */
  coverageMap: SandboxCoverageMap;
  /**
   * The day (`YYYY-MM-DD`) the policy was cancelled, for a cancelled policy: it then carries
   * this `cancellationDate` and status `CANCELLED`. Absent: an active policy.
   */
  cancelledOn?: string;
}

/**
 * A new 12-month policy with an evidence-of-insurance document and a declarations page: active
 * (`cancellationDate: null`, status `ACTIVE`) unless the spec says when it was cancelled.
 */
export function createSandboxPolicy(spec: SandboxPolicySpec): SandboxPolicy {
  const id = randomId('pol');
  const expirationDate = new Date(Date.parse(`${spec.effectiveDate}T00:00:00Z`) + YEAR)
    .toISOString()
    .slice(0, 10);
  const wire: PolicyDetails = {
    id,
    carrier: spec.carrier,
    policyNumber: `SBX-${spec.policyType}-${String(hashString(id) % 10_000_000).padStart(7, '0')}`,
    policyType: spec.policyType,
    effectiveDate: spec.effectiveDate,
    expirationDate,
    cancellationDate: spec.cancelledOn ?? null,
    premium: spec.premium,
    termLength: 12,
    status: spec.cancelledOn ? 'CANCELLED' : 'ACTIVE',
    loanId: spec.loanId,
    externalId: spec.externalId,
    coverages: [structuredClone(spec.coverageMap)],
  };
  return {
    wire,
    partner: spec.partner,
    documents: [
      { id: randomId('doc'), name: 'Evidence of insurance', type: 'eoi_document', policyId: id },
      { id: randomId('doc'), name: 'Declarations page', type: 'declarations_page', policyId: id },
    ],
  };
}
