import * as v from 'valibot';

/** A recorded consent (the answer of the consent operations). */
export interface ConsentRecord {
  consent: boolean;
  /** ISO 8601 without a zone designator, e.g. `2026-11-22T03:00:00`. */
  consentDateTime: string;
  /** Loan application id. */
  id: string;
  termsOfServiceId: string;
  email?: string;
  phone?: string;
  [key: string]: unknown;
}

/** Tolerant parser for a consent record. */
export const ConsentRecordSchema = v.looseObject({
  consent: v.boolean(),
  consentDateTime: v.string(),
  id: v.string(),
  termsOfServiceId: v.optional(v.string(), ''),
}) as unknown as v.GenericSchema<unknown, ConsentRecord>;
