import * as v from 'valibot';

/** A recorded consent (the answer of the consent operations); every field may be missing. */
export interface ConsentRecord {
  /** `true` when consent was recorded. */
  consent?: boolean;
  /** ISO 8601 without a zone designator, e.g. `2026-11-22T03:00:00`. */
  consentDateTime?: string;
  /** Loan application id. */
  id?: string;
  termsOfServiceId: string;
  email?: string;
  phone?: string;
  [key: string]: unknown;
}

/**
 * Tolerant parser for a consent record. A 2xx answer means the consent was recorded; the record
 * itself is read as far as it goes.
 */
export const ConsentRecordSchema = v.looseObject({
  consent: v.optional(v.boolean()),
  consentDateTime: v.optional(v.string()),
  id: v.optional(v.string()),
  termsOfServiceId: v.optional(v.string(), ''),
}) as unknown as v.GenericSchema<unknown, ConsentRecord>;
