import type { PolicyDetails } from '../../core/schemas/policy.js';
import { numericId } from './numericId.js';
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
  /** When it is bound (or retrieved), on the sandbox clock. */
  boundAt: number;
  /**
   * Number-only policy number and document ids, as production's are (the production-like mode):
   * `4093715520` rather than `SBX-HO3-0012345`.
   */
  numericIds?: boolean;
}

/**
 * A new 12-month policy with an evidence-of-insurance document and a declarations page: active
 * (`cancellationDate: null`, status `ACTIVE`) unless the spec says when it was cancelled.
 */
export function createSandboxPolicy(spec: SandboxPolicySpec): SandboxPolicy {
  const id = randomId('pol');
  const documentId = () => (spec.numericIds ? numericId() : randomId('doc'));
  const expirationDate = new Date(Date.parse(`${spec.effectiveDate}T00:00:00Z`) + YEAR)
    .toISOString()
    .slice(0, 10);
  const wire: PolicyDetails = {
    id,
    carrier: spec.carrier,
    policyNumber: spec.numericIds
      ? String(1_000_000_000 + hashString(id))
      : `SBX-${spec.policyType}-${String(hashString(id) % 10_000_000).padStart(7, '0')}`,
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
    boundAt: spec.boundAt,
    documents: [
      { id: documentId(), name: 'Evidence of insurance', type: 'eoi_document', policyId: id },
      { id: documentId(), name: 'Declarations page', type: 'declarations_page', policyId: id },
    ],
  };
}
