import type {
  CurrentInsurancePolicy,
  PolicyType,
} from '../../core/schemas/currentInsurancePolicy.js';
import type { SandboxCoverageMap } from './sandboxCoverages.js';

/** A current insurance policy as the sandbox stores and returns it: every documented field set. */
export interface StoredCurrentInsurancePolicy {
  carrier: string | null;
  policyNumber: string | null;
  policyType: PolicyType | null;
  premium: number | null;
  deductible: number | null;
  expirationDate: string | null;
  /** The coverages given, keyed like a quote's; `{}` when none were given. */
  coverages: SandboxCoverageMap;
}

/**
 * The borrower's current insurance policies as stored on a loan application: each field as
 * given or `null`, and `coverages` an object (`{}` when not given).
 */
export function storeCurrentInsurance(
  policies: readonly CurrentInsurancePolicy[],
): StoredCurrentInsurancePolicy[] {
  return policies.map((p) => ({
    carrier: p.carrier ?? null,
    policyNumber: p.policyNumber ?? null,
    policyType: p.policyType ?? null,
    premium: p.premium ?? null,
    deductible: p.deductible ?? null,
    expirationDate: p.expirationDate ?? null,
    coverages: structuredClone(p.coverages ?? {}),
  }));
}
