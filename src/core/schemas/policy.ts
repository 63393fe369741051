import * as v from 'valibot';

/** A document of a policy; `url` is a signed link that expires shortly. */
export interface PolicyDocument {
  id: string;
  name: string;
  /** e.g. `eoi_document` (evidence of insurance). */
  type: string;
  url: string;
  [key: string]: unknown;
}

/** A coverage line of a bound policy. */
export interface PolicyCoverage {
  name?: string;
  included?: boolean;
  amount?: number;
  [key: string]: unknown;
}

/** A policy's details without its documents. */
export interface PolicyDetails {
  id: string;
  carrier?: string;
  policyNumber?: string;
  policyType?: string;
  effectiveDate?: string;
  expirationDate?: string;
  cancellationDate?: string | null;
  /** Annual premium in US dollars. */
  premium?: number;
  /** Term length in months. */
  termLength?: number;
  status?: string;
  loanId?: string | null;
  externalId?: string | null;
  coverages?: PolicyCoverage[];
  [key: string]: unknown;
}

/** A bound or retrieved policy (`GET /v1/policies/{id}`). */
export interface Policy extends PolicyDetails {
  documents: PolicyDocument[];
}

/** Tolerant parser for a policy: documents must have an id and a URL. */
export const PolicySchema = v.looseObject({
  id: v.string(),
  documents: v.optional(
    v.array(
      v.looseObject({
        id: v.string(),
        name: v.optional(v.string(), 'Document'),
        type: v.optional(v.string(), 'document'),
        url: v.string(),
      }),
    ),
    [],
  ),
}) as unknown as v.GenericSchema<unknown, Policy>;
