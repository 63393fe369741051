import * as v from 'valibot';
import { isIsoDateTime } from './fields.js';

/** The event types the service documents. Others are acknowledged and ignored. */
export const WEBHOOK_EVENT_TYPES = ['loan.shopped', 'policy.bound', 'policy.retrieved'] as const;
/** A documented event type. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The envelope every event has. `data` carries identifiers only. */
export interface WebhookEnvelope<
  TType extends string = string,
  TData extends Record<string, unknown> = Record<string, unknown>,
> {
  /** Event id; the key for de-duplication. */
  id: string;
  type: TType;
  objectType: string;
  /** ISO 8601 date-time. */
  occurredAt: string;
  data: TData;
}

/** Identifiers every event's `data` has. */
export interface EventPartnerData {
  partnerId: string;
  /** The platform partner's id, or null for a directly integrated partner. */
  platformId?: string | null;
  /** The `externalId` given at loan creation. */
  externalId?: string;
  [key: string]: unknown;
}

/** Shopping finished: the loan is `RC1_RATED` or `RC1_ERRORED`. */
export type LoanShoppedEvent = WebhookEnvelope<
  'loan.shopped',
  EventPartnerData & { loanId: string }
>;
/** The borrower bought a policy. `loanId` may be absent. */
export type PolicyBoundEvent = WebhookEnvelope<
  'policy.bound',
  EventPartnerData & { policyId: string; loanId?: string }
>;
/** The borrower completed policy retrieval. */
export type PolicyRetrievedEvent = WebhookEnvelope<
  'policy.retrieved',
  EventPartnerData & { policyId: string; loanId?: string }
>;
/** One of the documented events. */
export type WebhookEvent = LoanShoppedEvent | PolicyBoundEvent | PolicyRetrievedEvent;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;
const identifier = (max: number) =>
  v.pipe(v.string(), v.regex(new RegExp(`^[\\x21-\\x7e]{1,${max}}$`), 'Malformed identifier'));

/**
 * The envelope check: printable ids of bounded length, an ISO 8601 `occurredAt` and an object
 * `data`. Passing it says nothing about the type, which may be one a later version added.
 */
export const WebhookEnvelopeSchema = v.looseObject({
  id: identifier(200),
  type: identifier(100),
  objectType: identifier(100),
  occurredAt: v.pipe(
    v.string(),
    v.regex(ISO_DATE_TIME, 'occurredAt must be an ISO 8601 date-time'),
    v.check((s) => isIsoDateTime(s), 'occurredAt must be a real date-time'),
  ),
  data: v.looseObject({}),
});

const partner = { partnerId: identifier(200), externalId: v.optional(v.string()) };
// A bound and a retrieved policy carry the same identifiers.
const policyData = v.looseObject({
  ...partner,
  policyId: identifier(64),
  loanId: v.optional(identifier(64)),
});

/** The documented events, with the identifiers each must carry. */
export const WebhookEventSchema = v.variant('type', [
  v.looseObject({
    type: v.literal('loan.shopped'),
    data: v.looseObject({ ...partner, loanId: identifier(64) }),
  }),
  v.looseObject({ type: v.literal('policy.bound'), data: policyData }),
  v.looseObject({ type: v.literal('policy.retrieved'), data: policyData }),
]);

/** Milliseconds since the epoch of an `occurredAt`; a value without a zone is read as UTC. */
export function parseOccurredAt(occurredAt: string): number {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(occurredAt) ? occurredAt : `${occurredAt}Z`;
  return Date.parse(zoned);
}
