import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  parseOccurredAt,
  WEBHOOK_EVENT_TYPES,
  WebhookEnvelopeSchema,
  WebhookEventSchema,
} from '../../src/core/index.js';

const envelope = (patch: Record<string, unknown> = {}) => ({
  id: 'evt_1',
  type: 'loan.shopped',
  objectType: 'loan',
  occurredAt: '2026-11-20T10:00:00Z',
  data: { loanId: 'loan_1', partnerId: 'partner_1', platformId: null, externalId: 'crm-1' },
  ...patch,
});

const envelopeOk = (value: unknown) => v.safeParse(WebhookEnvelopeSchema, value).success;
const eventOk = (value: unknown) => v.safeParse(WebhookEventSchema, value).success;

const without = (key: string) => {
  const e: Record<string, unknown> = envelope();
  delete e[key];
  return e;
};

describe('WebhookEnvelopeSchema', () => {
  it('accepts a documented envelope and keeps unknown fields', () => {
    const e = { ...envelope(), apiVersion: '1.4.0' };
    const result = v.safeParse(WebhookEnvelopeSchema, e);
    expect(result.success).toBe(true);
    expect(result.output).toStrictEqual(e);
  });

  it.each([
    '2026-11-20T10:00:00Z',
    '2026-11-20T10:00:00.123Z',
    '2026-11-20T10:00:00.123456789Z',
    '2026-11-20T10:00:00+02:00',
    '2026-11-20T10:00:00', // zone-less: read as UTC
  ])('accepts occurredAt %j', (occurredAt) => {
    expect(envelopeOk(envelope({ occurredAt }))).toBe(true);
  });

  it.each([
    ['"yesterday"', 'yesterday'],
    ['the empty string', ''],
    ['a number', 1_763_632_800_000],
    ['null', null],
    ['a date only', '2026-11-20'],
    ['no seconds', '2026-11-20T10:00Z'],
    ['month 13', '2026-13-20T10:00:00Z'],
    ['hour 25', '2026-11-20T25:00:00Z'],
    ['an RFC 2822 date', 'Fri, 20 Nov 2026 10:00:00 GMT'],
    ['a trailing newline', '2026-11-20T10:00:00Z\n'],
  ])('W14: occurredAt %s is invalid', (_label, occurredAt) => {
    expect(envelopeOk(envelope({ occurredAt }))).toBe(false);
  });

  it('W14: a missing occurredAt is invalid', () => {
    expect(envelopeOk(without('occurredAt'))).toBe(false);
  });

  // The refinement's message says "occurredAt must be a real date-time", but V8's Date.parse
  // rolls 2026-02-30 over to 2026-03-02 instead of returning NaN.
  it('W14: occurredAt on a day that does not exist (2026-02-30) is invalid', () => {
    expect(envelopeOk(envelope({ occurredAt: '2026-02-30T10:00:00Z' }))).toBe(false);
  });

  it.each(['id', 'type', 'objectType', 'data'])('W27: a missing %s is invalid', (key) => {
    expect(envelopeOk(without(key))).toBe(false);
  });

  it.each([
    ['a numeric id', { id: 42 }],
    ['an object id', { id: { $ne: null } }],
    ['an array type', { type: ['loan.shopped'] }],
    ['a null objectType', { objectType: null }],
    ['a string data', { data: 'loan_1' }],
    ['a null data', { data: null }],
    ['a number data', { data: 7 }],
  ])('W27: %s is invalid', (_label, patch) => {
    expect(envelopeOk(envelope(patch))).toBe(false);
  });

  it('W27: a 10 KB id is invalid, a 200-character id is valid', () => {
    expect(envelopeOk(envelope({ id: 'e'.repeat(10 * 1024) }))).toBe(false);
    expect(envelopeOk(envelope({ id: 'e'.repeat(201) }))).toBe(false);
    expect(envelopeOk(envelope({ id: 'e'.repeat(200) }))).toBe(true);
  });

  it.each([
    ['a newline', 'evt\n1'],
    ['a carriage return', 'evt\r\nX-Injected: 1'],
    ['NUL', 'evt\u00001'],
    ['escape', 'evt\u001b[2J'],
    ['DEL', 'evt\u007f'],
    ['a space', 'evt 1'],
    ['non-ASCII', 'évt'],
    ['the empty string', ''],
  ])('W27: an id with %s is invalid', (_label, id) => {
    expect(envelopeOk(envelope({ id }))).toBe(false);
  });

  it('W28: an unknown type is a valid envelope but not a valid WebhookEventSchema event', () => {
    const e = envelope({ type: 'loan.future_thing', objectType: 'loan', data: { anything: 1 } });
    expect(envelopeOk(e)).toBe(true);
    expect(eventOk(e)).toBe(false);
  });
});

describe('WebhookEventSchema', () => {
  it('documents exactly the three event types', () => {
    expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual([
      'loan.shopped',
      'policy.bound',
      'policy.retrieved',
    ]);
  });

  it('accepts loan.shopped with loanId and partnerId', () => {
    const result = v.safeParse(WebhookEventSchema, envelope());
    expect(result.success).toBe(true);
    expect(result.output).toStrictEqual(envelope());
  });

  it('refuses loan.shopped without loanId', () => {
    expect(eventOk(envelope({ data: { partnerId: 'p' } }))).toBe(false);
  });

  it('refuses loan.shopped without partnerId', () => {
    expect(eventOk(envelope({ data: { loanId: 'l1' } }))).toBe(false);
  });

  it.each(['policy.bound', 'policy.retrieved'])(
    'accepts %s without loanId, and with one',
    (type) => {
      const base = { type, objectType: 'policy' };
      expect(eventOk(envelope({ ...base, data: { policyId: 'pol_1', partnerId: 'p' } }))).toBe(
        true,
      );
      expect(
        eventOk(envelope({ ...base, data: { policyId: 'pol_1', partnerId: 'p', loanId: 'l1' } })),
      ).toBe(true);
    },
  );

  it.each(['policy.bound', 'policy.retrieved'])('refuses %s without policyId', (type) => {
    expect(eventOk(envelope({ type, objectType: 'policy', data: { partnerId: 'p' } }))).toBe(false);
  });

  it('refuses a loanId over 64 characters but accepts any printable ASCII one ("../auth/token")', () => {
    expect(eventOk(envelope({ data: { partnerId: 'p', loanId: 'l'.repeat(65) } }))).toBe(false);
    expect(eventOk(envelope({ data: { partnerId: 'p', loanId: '../auth/token' } }))).toBe(true);
    // '../auth/token' is printable ASCII, so the event schema accepts it: the consumer must still
    // check an id against ID_PATTERN before it builds a URL (buildPath does).
  });

  it('lets extra data fields pass through (platformId, externalId, new fields)', () => {
    const e = envelope({
      data: { loanId: 'l1', partnerId: 'p', platformId: 'plat', externalId: 'x', extra: 1 },
    });
    expect(v.parse(WebhookEventSchema, e).data).toStrictEqual(e.data);
  });
});

describe('W29: prototype pollution through __proto__ in data', () => {
  const RAW =
    '{"id":"e1","type":"loan.shopped","objectType":"loan","occurredAt":"2026-11-20T10:00:00Z","data":{"loanId":"l1","partnerId":"p","__proto__":{"admin":true}}}';

  it.each([
    ['WebhookEnvelopeSchema', WebhookEnvelopeSchema],
    ['WebhookEventSchema', WebhookEventSchema],
  ] as const)('W29: parsing with %s mutates no global object', (_name, schema) => {
    const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const input = JSON.parse(RAW);
    // JSON.parse creates an own property named "__proto__"; it does not set the prototype.
    expect(Object.hasOwn(input.data, '__proto__')).toBe(true);

    const result = v.safeParse(schema, input);
    expect(result.success).toBe(true);
    const data = (result.output as { data: Record<string, unknown> }).data;

    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeysBefore);
    expect(Object.prototype).not.toHaveProperty('admin');
    // The output keeps an ordinary prototype and does not inherit `admin`.
    expect([Object.prototype, null]).toContain(Object.getPrototypeOf(data));
    expect(Object.getPrototypeOf(result.output)).toBe(Object.prototype);
    expect(data.admin).toBeUndefined();
    // What valibot does: looseObject copies unknown keys only when they pass _isValidObjectKey,
    // which excludes "__proto__", "prototype" and "constructor", so the key is dropped.
    expect(Object.hasOwn(data, '__proto__')).toBe(false);
    expect(Object.keys(data).sort()).toEqual(['loanId', 'partnerId']);
  });

  it('W29: "constructor" and "prototype" keys are dropped too', () => {
    const input = JSON.parse(
      '{"id":"e1","type":"loan.shopped","objectType":"loan","occurredAt":"2026-11-20T10:00:00Z","constructor":{"prototype":{"admin":true}},"data":{"loanId":"l1","partnerId":"p","constructor":{"prototype":{"admin":true}},"prototype":{"admin":true}}}',
    );
    for (const schema of [WebhookEnvelopeSchema, WebhookEventSchema]) {
      const out = v.parse(schema, input) as Record<string, unknown> & {
        data: Record<string, unknown>;
      };
      expect(Object.hasOwn(out, 'constructor')).toBe(false);
      expect(Object.hasOwn(out.data, 'constructor')).toBe(false);
      expect(Object.hasOwn(out.data, 'prototype')).toBe(false);
      expect(out.constructor).toBe(Object);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('parseOccurredAt', () => {
  it('reads a zone-less value as UTC', () => {
    expect(parseOccurredAt('2026-11-20T10:00:00')).toBe(Date.UTC(2026, 10, 20, 10, 0, 0));
    expect(parseOccurredAt('2026-11-20T10:00:00.250')).toBe(Date.UTC(2026, 10, 20, 10, 0, 0, 250));
  });

  it('honours Z and numeric offsets', () => {
    expect(parseOccurredAt('2026-11-20T10:00:00Z')).toBe(Date.UTC(2026, 10, 20, 10));
    expect(parseOccurredAt('2026-11-20T12:00:00+02:00')).toBe(Date.UTC(2026, 10, 20, 10));
    expect(parseOccurredAt('2026-11-20T05:00:00-05:00')).toBe(Date.UTC(2026, 10, 20, 10));
  });

  it('returns NaN for text that is not a date-time', () => {
    expect(parseOccurredAt('yesterday')).toBeNaN();
    expect(parseOccurredAt('')).toBeNaN();
  });
});
