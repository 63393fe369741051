import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';

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
 * itself is read as far as it goes (see `readWire`).
 */
export const ConsentRecordSchema = wireSchema<ConsentRecord>((value) =>
  readAnswer('recordConsent', value, { unknown: 'keep' }),
);
