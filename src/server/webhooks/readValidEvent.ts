import type { WebhookEnvelope } from '../../core/schemas/webhookEvent.js';

type Json = Record<string, unknown>;

// What the schemas of core/schemas/webhookEvent.ts accept, written out for the common case of a
// delivery that passes them: `decodeWebhookEvent` checks with this first, and anything it does
// not accept goes through the schemas themselves, which say why. The unit tests hold both to the
// same answers.
const PRINTABLE = /^[\x21-\x7e]+$/;
const ENVELOPE_KEYS = ['id', 'type', 'objectType', 'occurredAt', 'data'] as const;

const isIdentifier = (value: unknown, max: number): boolean =>
  typeof value === 'string' && value.length > 0 && value.length <= max && PRINTABLE.test(value);

const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// `occurredAt`: the envelope's pattern (seconds required) and `isIsoDateTime`'s ranges, both of
// which the schema applies, with the calendar day checked by arithmetic instead of a `Date`.
const OCCURRED_AT =
  /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A date-time with seconds on a real calendar day (proleptic Gregorian, as `Date` counts). */
function isOccurredAt(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = OCCURRED_AT.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}

/** The copy the schemas make of a loose object: `first` keys, then the others except unsafe ones. */
function looseCopy(input: Json, first: readonly string[], firstValues: Json): Json {
  const output: Json = {};
  for (const key of first) output[key] = key in firstValues ? firstValues[key] : input[key];
  for (const key in input) {
    if (
      Object.hasOwn(input, key) &&
      key !== '__proto__' &&
      key !== 'prototype' &&
      key !== 'constructor' &&
      !first.includes(key)
    ) {
      output[key] = input[key];
    }
  }
  return output;
}

/** Whether a documented event's `data` carries the identifiers its type must have. */
function hasIdentifiers(type: string, data: Json): boolean {
  if (!isIdentifier(data.partnerId, 200)) return false;
  if ('externalId' in data && typeof data.externalId !== 'string') return false;
  if (type === 'loan.shopped') return isIdentifier(data.loanId, 64);
  return isIdentifier(data.policyId, 64) && (!('loanId' in data) || isIdentifier(data.loanId, 64));
}

/**
 * A parsed body as `WebhookEnvelopeSchema` outputs it (a copy without unsafe keys), when it passes
 * the envelope's checks and, for a documented type, `WebhookEventSchema`'s: `documented` says
 * which. `undefined` for anything else, which the schemas then read to say why.
 */
export function readValidEvent(
  json: unknown,
  documentedTypes: readonly string[],
): { envelope: WebhookEnvelope; documented: boolean } | undefined {
  if (!isPlainObject(json)) return undefined;
  const { type, data } = json;
  if (
    !isIdentifier(json.id, 200) ||
    !isIdentifier(type, 100) ||
    !isIdentifier(json.objectType, 100) ||
    !isOccurredAt(json.occurredAt) ||
    !isPlainObject(data)
  ) {
    return undefined;
  }
  const documented = documentedTypes.includes(type as string);
  if (documented && !hasIdentifiers(type as string, data)) return undefined;
  const envelope = looseCopy(json, ENVELOPE_KEYS, { data: looseCopy(data, [], {}) });
  return { envelope: envelope as unknown as WebhookEnvelope, documented };
}
