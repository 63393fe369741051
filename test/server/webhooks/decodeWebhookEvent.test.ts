import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookEnvelopeSchema,
  WebhookEventSchema,
} from '../../../src/core/index.js';
import { decodeWebhookEvent } from '../../../src/server/webhooks/decodeWebhookEvent.js';

// The decoder reads a delivery that passes every check without the schemas' machinery; these
// hold it to exactly what the schemas say, for deliveries that pass and for ones that do not.

/** What the schemas alone make of a parsed body: the kind, and the output they copy. */
function bySchemas(json: unknown) {
  const envelope = v.safeParse(WebhookEnvelopeSchema, json);
  if (!envelope.success) return { kind: 'invalid' };
  const output = envelope.output as { type: string };
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(output.type)) {
    return { kind: 'unknown', value: output };
  }
  return v.safeParse(WebhookEventSchema, output).success
    ? { kind: 'documented', value: output }
    : { kind: 'invalid' };
}

function decoded(json: unknown) {
  const result = decodeWebhookEvent(new TextEncoder().encode(JSON.stringify(json)));
  if (result.kind === 'invalid') return { kind: 'invalid' };
  return {
    kind: result.kind,
    value: result.kind === 'documented' ? result.event : result.envelope,
  };
}

const base = {
  id: 'evt_1',
  type: 'loan.shopped',
  objectType: 'loan',
  occurredAt: '2026-11-20T10:00:00.123Z',
  data: { loanId: 'ln_1', partnerId: 'ptn_1', platformId: null, externalId: 'crm-1' },
};
const policy = { ...base, type: 'policy.bound', data: { policyId: 'pol_1', partnerId: 'ptn_1' } };

const cases: Array<[string, unknown]> = [
  ['a shopped loan', base],
  ['a bound policy with its loan', { ...policy, data: { ...policy.data, loanId: 'ln_1' } }],
  ['a retrieved policy without its loan', { ...policy, type: 'policy.retrieved' }],
  ['an undocumented type', { ...base, type: 'loan.renamed', data: {} }],
  ['unknown fields, kept', { apiVersion: '1.4', ...base, extra: { a: 1 } }],
  [
    'fields in another order',
    {
      data: base.data,
      occurredAt: base.occurredAt,
      objectType: base.objectType,
      type: base.type,
      id: base.id,
    },
  ],
  ['numeric keys in data', { ...base, data: { 2: 'b', 1: 'a', ...base.data } }],
  ['a zone-less occurredAt', { ...base, occurredAt: '2026-11-20T10:00:00' }],
  ['an offset occurredAt', { ...base, occurredAt: '2026-11-20T10:00:00+02:00' }],
  ['occurredAt without seconds', { ...base, occurredAt: '2026-11-20T10:00Z' }],
  ['occurredAt on Feb 30', { ...base, occurredAt: '2026-02-30T10:00:00Z' }],
  ['occurredAt at hour 24', { ...base, occurredAt: '2026-11-20T24:00:00Z' }],
  ['occurredAt at offset +24:00', { ...base, occurredAt: '2026-11-20T10:00:00+24:00' }],
  ['occurredAt a number', { ...base, occurredAt: 1 }],
  ...[
    '2024-02-29T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2000-02-29T23:59:59.999999999Z',
    '2100-02-29T00:00:00Z',
    '0000-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-12-31T00:00:00-23:59',
    '2026-00-10T00:00:00Z',
    '2026-10-00T00:00:00Z',
    '2026-10-10T00:60:00Z',
    '2026-10-10T00:00:60Z',
    '2026-10-10T00:00:00.Z',
    '2026-10-10T00:00:00.1234567890Z',
    '2026-10-10t00:00:00Z',
    '+02026-10-10T00:00:00Z',
  ].map((occurredAt): [string, unknown] => [`occurredAt ${occurredAt}`, { ...base, occurredAt }]),
  ['an id of 200 characters', { ...base, id: 'e'.repeat(200) }],
  ['an id of 201 characters', { ...base, id: 'e'.repeat(201) }],
  ['an empty id', { ...base, id: '' }],
  ['an id with a space', { ...base, id: 'evt 1' }],
  ['an id with a non-ASCII letter', { ...base, id: 'évt' }],
  ['a type of 101 characters', { ...base, type: 't'.repeat(101) }],
  ['no objectType', { ...base, objectType: undefined }],
  ['data null', { ...base, data: null }],
  ['data an array', { ...base, data: [] }],
  ['data a string', { ...base, data: 'x' }],
  ['an array', [base]],
  ['null', null],
  ['a string', 'evt'],
  ['a shopped loan without its loan id', { ...base, data: { partnerId: 'ptn_1' } }],
  ['a loan id of 65 characters', { ...base, data: { ...base.data, loanId: 'l'.repeat(65) } }],
  ['no partner id', { ...base, data: { loanId: 'ln_1' } }],
  ['an external id not text', { ...base, data: { ...base.data, externalId: 7 } }],
  ['an external id null', { ...base, data: { ...base.data, externalId: null } }],
  ['a policy without its id', { ...policy, data: { partnerId: 'ptn_1' } }],
  ['a policy with a bad loan id', { ...policy, data: { ...policy.data, loanId: '' } }],
  ['a policy with a loan id null', { ...policy, data: { ...policy.data, loanId: null } }],
];

describe('decodeWebhookEvent', () => {
  it.each(cases)('reads %s exactly as the schemas do', (_label, json) => {
    const fast = decoded(json);
    const reference = bySchemas(json);
    expect(fast).toStrictEqual(reference);
    // The same keys in the same order: what the relay writes for browsers is the same text.
    expect(JSON.stringify(fast.value)).toBe(JSON.stringify(reference.value));
  });

  it('drops keys that could reach a prototype, at both levels, as the schemas do', () => {
    const text = `{"__proto__":{"polluted":1},"constructor":1,"prototype":2,"id":"evt_1","type":"loan.shopped","objectType":"loan","occurredAt":"2026-11-20T10:00:00Z","data":{"__proto__":{"x":1},"constructor":3,"loanId":"ln_1","partnerId":"ptn_1"}}`;
    const result = decodeWebhookEvent(new TextEncoder().encode(text));
    expect(result.kind).toBe('documented');
    const event = result.kind === 'documented' ? result.event : undefined;
    expect(Object.keys(event ?? {})).toStrictEqual([
      'id',
      'type',
      'objectType',
      'occurredAt',
      'data',
    ]);
    expect(Object.keys(event?.data ?? {})).toStrictEqual(['loanId', 'partnerId']);
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
    expect(bySchemas(JSON.parse(text))).toStrictEqual({ kind: 'documented', value: event });
  });

  it('says which check failed, in the schemas’ words', () => {
    const result = decodeWebhookEvent(
      new TextEncoder().encode(JSON.stringify({ ...base, occurredAt: 'yesterday' })),
    );
    expect(result).toMatchObject({ kind: 'invalid', code: 'validation_error' });
    expect(result.kind === 'invalid' && result.message).toMatch(/^occurredAt: /);
  });
});
