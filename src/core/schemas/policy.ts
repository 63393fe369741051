import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';
import type { Coverage, CoverageKey } from './currentInsurancePolicy.js';

/** A document of a policy; `url` is a signed link that expires shortly. */
export interface PolicyDocument {
  id: string;
  name: string;
  /** e.g. `eoi_document` (evidence of insurance). */
  type: string;
  url: string;
  [key: string]: unknown;
}

/**
 * One item of a policy's `coverages`: coverages keyed like a quote's (`a` to `f`, `waterBackup`,
 * `computers`, `hvac`, `mineSubsidence`), each `{ amount, included }`.
 */
export type PolicyCoverage = Partial<Record<CoverageKey, Partial<Coverage>>> &
  Record<string, unknown>;

/** A policy's details without its documents. */
export interface PolicyDetails {
  id: string;
  carrier?: string;
  policyNumber?: string;
  policyType?: string;
  effectiveDate?: string;
  expirationDate?: string;
  /** When set and not in the future, the policy is cancelled (see `policyStanding`). */
  cancellationDate?: string | null;
  /** Annual premium in US dollars. */
  premium?: number;
  /** Term length in months. */
  termLength?: number;
  /** The service's own word for the policy's state; its values are not documented. */
  status?: string;
  loanId?: string | null;
  externalId?: string | null;
  /** An array of coverage maps (the reference shows one item). */
  coverages?: PolicyCoverage[];
  [key: string]: unknown;
}

/** A bound or retrieved policy (`GET /v1/policies/{id}`). */
export interface Policy extends PolicyDetails {
  documents: PolicyDocument[];
}

/**
 * Tolerant parser for a policy (see `readWire`): the id is required; a document is kept when it
 * has an id and a URL (one not generated yet is left out, not the policy); `coverages` is read
 * as the documented array of coverage maps, a single map as a list of one.
 */
export const PolicySchema = wireSchema<Policy>((value) =>
  readAnswer('getPolicy', value, { unknown: 'keep' }),
);
