import * as v from 'valibot';
import type { ConsentRecord } from './consentRecord.js';
import { ConsentRecordSchema } from './consentRecord.js';

/** What a browser learns about an event: identifiers only, like the webhook itself. */
export interface LoanEvent {
  /** The webhook event id. */
  id: string;
  /** `loan.shopped`, `policy.bound`, `policy.retrieved`, or a type a later version adds. */
  type: string;
  occurredAt: string;
  loanId: string;
  policyId?: string;
}

/** A loan event with its position in the loan's stream (the SSE id, the polling cursor). */
export interface RelayedEvent {
  cursor: string;
  event: LoanEvent;
}

/** Tolerant parser for a loan event as the BFF sends it. */
export const LoanEventSchema = v.looseObject({
  id: v.string(),
  type: v.string(),
  occurredAt: v.string(),
  loanId: v.string(),
  policyId: v.optional(v.string()),
}) as unknown as v.GenericSchema<unknown, LoanEvent>;

/** Tolerant parser for the BFF's TCPA consent read. */
export const TcpaConsentStatusSchema = v.looseObject({
  recorded: v.boolean(),
  consent: v.nullable(ConsentRecordSchema),
}) as unknown as v.GenericSchema<unknown, TcpaConsentStatus>;

/** What the BFF's TCPA consent read answers. */
export interface TcpaConsentStatus {
  recorded: boolean;
  consent: ConsentRecord | null;
}
