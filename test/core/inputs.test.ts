import { describe, expect, it } from 'vitest';
import {
  CallMeNowInputSchema,
  CloseLoanInputSchema,
  ConsentInputSchema,
  CurrentInsuranceInputSchema,
  LOAN_OFFICER_ROLE,
  LoanContactsInputSchema,
  ScheduleCallInputSchema,
  TokenRequestSchema,
  validateInput,
} from '../../src/core/index.js';
import { issuePaths, issuesFor } from './fixtures.js';

const BAD_IDS = [
  '../x',
  '..',
  '.',
  '%2e%2e',
  'a/b',
  '',
  'x'.repeat(65),
  'loan 1',
  'é',
  'l1?debug=1',
  'l1#x',
];

describe('ConsentInputSchema', () => {
  it('accepts a consent, trims text fields and drops unknown fields', () => {
    const out = validateInput(ConsentInputSchema, {
      id: 'loan_1-A',
      termsOfServiceId: ' tos-2026-01 ',
      email: ' ada@example.com ',
      phone: '512-555-0100',
      consent: false, // unknown: dropped
      partner_id: 'other',
    });
    expect(out).toStrictEqual({
      id: 'loan_1-A',
      termsOfServiceId: 'tos-2026-01',
      email: 'ada@example.com',
      phone: '512-555-0100',
    });
  });

  it('accepts a consent without email and phone', () => {
    expect(validateInput(ConsentInputSchema, { id: 'l1', termsOfServiceId: 'v1' })).toStrictEqual({
      id: 'l1',
      termsOfServiceId: 'v1',
    });
  });

  it('accepts an id of exactly 64 characters', () => {
    const id = 'a'.repeat(64);
    expect(validateInput(ConsentInputSchema, { id, termsOfServiceId: 'v1' }).id).toBe(id);
  });

  it.each(BAD_IDS)('refuses id %j (must match ID_PATTERN)', (id) => {
    expect(issuesFor(ConsentInputSchema, { id, termsOfServiceId: 'v1' })).toEqual([
      { path: 'id', message: 'Loan application id is malformed' },
    ]);
  });

  it('refuses a missing id and a non-string id', () => {
    expect(issuesFor(ConsentInputSchema, { termsOfServiceId: 'v1' })).toEqual([
      { path: 'id', message: 'Required' },
    ]);
    expect(issuePaths(ConsentInputSchema, { id: 42, termsOfServiceId: 'v1' })).toEqual(['id']);
  });

  it('does not trim the id (a padded id is malformed, not silently fixed)', () => {
    expect(issuePaths(ConsentInputSchema, { id: ' l1 ', termsOfServiceId: 'v1' })).toEqual(['id']);
  });

  it('refuses an empty termsOfServiceId, a bad email and a bad phone', () => {
    expect(
      issuePaths(ConsentInputSchema, {
        id: 'l1',
        termsOfServiceId: '  ',
        email: 'nope',
        phone: '123',
      }).sort(),
    ).toEqual(['email', 'phone', 'termsOfServiceId']);
  });
});

describe('ScheduleCallInputSchema', () => {
  it.each([
    '2026-12-01T15:00:00Z',
    '2026-12-01T10:00-05:00',
    '2026-12-01T15:00Z',
    '2026-12-01T15:00:00.123Z',
    '2026-12-01T21:30:00+05:30',
  ])('accepts the zoned ISO date-time %j', (scheduledAt) => {
    expect(validateInput(ScheduleCallInputSchema, { id: 'l1', scheduledAt }).scheduledAt).toBe(
      scheduledAt,
    );
  });

  it.each([
    ['without a zone', '2026-12-01T15:00:00'],
    ['with month 13', '2026-13-01T15:00Z'],
    ['with hour 25', '2026-12-01T25:00Z'],
    ['with minute 60', '2026-12-01T15:60Z'],
    ['date only', '2026-12-01'],
    ['with a space instead of T', '2026-12-01 15:00Z'],
    ['in words', 'tomorrow at 3pm'],
    ['with a zone name', '2026-12-01T15:00 America/Chicago'],
    ['with a compact offset', '2026-12-01T15:00-0500'],
    ['empty', ''],
  ])('refuses scheduledAt %s (%j)', (_label, scheduledAt) => {
    expect(new Set(issuePaths(ScheduleCallInputSchema, { id: 'l1', scheduledAt }))).toEqual(
      new Set(['scheduledAt']),
    );
  });

  // The schema's own message promises "a real date and time", but V8's Date.parse rolls
  // 2026-02-30 over to 2026-03-02 instead of returning NaN.
  it.each(['2026-02-30T15:00Z', '2026-04-31T15:00:00Z'])(
    'refuses scheduledAt %j (a day that does not exist)',
    (scheduledAt) => {
      expect(issuePaths(ScheduleCallInputSchema, { id: 'l1', scheduledAt })).toEqual([
        'scheduledAt',
      ]);
    },
  );

  it('refuses a number scheduledAt and a missing one', () => {
    expect(
      issuePaths(ScheduleCallInputSchema, { id: 'l1', scheduledAt: 1_796_137_200_000 }),
    ).toEqual(['scheduledAt']);
    expect(issuesFor(ScheduleCallInputSchema, { id: 'l1' })).toEqual([
      { path: 'scheduledAt', message: 'Required' },
    ]);
  });

  it('accepts and trims the optional fields, drops unknown ones', () => {
    const out = validateInput(ScheduleCallInputSchema, {
      id: 'l1',
      scheduledAt: '2026-12-01T15:00:00Z',
      timeZone: ' America/Chicago ',
      phone: '(512) 555-0100',
      notes: ' after lunch ',
      advisorId: 'dropped',
    });
    expect(out).toStrictEqual({
      id: 'l1',
      scheduledAt: '2026-12-01T15:00:00Z',
      timeZone: 'America/Chicago',
      phone: '(512) 555-0100',
      notes: 'after lunch',
    });
  });

  it('refuses notes over 500 characters and a bad id', () => {
    expect(
      issuePaths(ScheduleCallInputSchema, {
        id: '../x',
        scheduledAt: '2026-12-01T15:00:00Z',
        notes: 'n'.repeat(501),
      }).sort(),
    ).toEqual(['id', 'notes']);
  });
});

describe('CallMeNowInputSchema', () => {
  it('accepts an id alone and an id with a phone', () => {
    expect(validateInput(CallMeNowInputSchema, { id: 'l1' })).toStrictEqual({ id: 'l1' });
    expect(validateInput(CallMeNowInputSchema, { id: 'l1', phone: ' 5125550100 ' })).toStrictEqual({
      id: 'l1',
      phone: '5125550100',
    });
  });

  it('refuses a bad phone, a bad id and a missing id', () => {
    expect(issuePaths(CallMeNowInputSchema, { id: 'l1', phone: '555-0100' })).toEqual(['phone']);
    expect(issuePaths(CallMeNowInputSchema, { id: '../auth/token' })).toEqual(['id']);
    expect(issuesFor(CallMeNowInputSchema, {})).toEqual([{ path: 'id', message: 'Required' }]);
  });
});

describe('CloseLoanInputSchema', () => {
  it('accepts an empty object', () => {
    expect(validateInput(CloseLoanInputSchema, {})).toStrictEqual({});
  });

  it('accepts external insurance and drops unknown fields', () => {
    expect(
      validateInput(CloseLoanInputSchema, {
        externalInsurance: { carrier: ' Acme ', coverageA: 300_000, premium: 1200, agent: 'x' },
        reason: 'dropped',
      }),
    ).toStrictEqual({ externalInsurance: { carrier: 'Acme', coverageA: 300_000, premium: 1200 } });
  });

  it('refuses external insurance without a carrier or with a negative premium', () => {
    expect(issuesFor(CloseLoanInputSchema, { externalInsurance: { premium: 10 } })).toEqual([
      { path: 'externalInsurance.carrier', message: 'Required' },
    ]);
    expect(
      issuePaths(CloseLoanInputSchema, { externalInsurance: { carrier: 'Acme', premium: -1 } }),
    ).toEqual(['externalInsurance.premium']);
  });

  it('refuses a body that is not an object', () => {
    expect(issuePaths(CloseLoanInputSchema, null)).toEqual(['']);
  });
});

describe('LoanContactsInputSchema', () => {
  const contact = (i = 0) => ({
    role: LOAN_OFFICER_ROLE,
    firstName: `Grace${i}`,
    lastName: 'Hopper',
    email: `grace${i}@lender.example`,
  });

  it('accepts an empty list (removes every contact)', () => {
    expect(validateInput(LoanContactsInputSchema, [])).toEqual([]);
  });

  it('accepts 20 contacts', () => {
    const list = Array.from({ length: 20 }, (_, i) => contact(i));
    expect(validateInput(LoanContactsInputSchema, list)).toHaveLength(20);
  });

  it('refuses 21 contacts with an issue on the whole list', () => {
    const list = Array.from({ length: 21 }, (_, i) => contact(i));
    expect(issuesFor(LoanContactsInputSchema, list)).toEqual([
      { path: '', message: 'At most 20 contacts' },
    ]);
  });

  it('reports a bad contact at its index', () => {
    const { email: _omit, ...noEmail } = contact(1);
    expect(issuesFor(LoanContactsInputSchema, [contact(), noEmail])).toEqual([
      { path: '1.email', message: 'Required' },
    ]);
    expect(issuePaths(LoanContactsInputSchema, [{ ...contact(), phone: 'x' }])).toEqual([
      '0.phone',
    ]);
  });

  it('refuses a non-list body', () => {
    expect(issuesFor(LoanContactsInputSchema, contact())).toEqual([
      { path: '', message: 'Contacts must be a list' },
    ]);
  });

  it('trims and drops unknown contact fields', () => {
    expect(
      validateInput(LoanContactsInputSchema, [{ ...contact(), firstName: ' Grace ', id: 'x' }]),
    ).toStrictEqual([{ ...contact(), firstName: 'Grace' }]);
  });
});

describe('CurrentInsuranceInputSchema', () => {
  const body = (currentInsurancePolicies: unknown) => ({ currentInsurancePolicies });

  it('accepts an empty list, an all-null policy and a full policy', () => {
    expect(validateInput(CurrentInsuranceInputSchema, body([]))).toEqual(body([]));
    const nulls = {
      carrier: null,
      policyNumber: null,
      policyType: null,
      premium: null,
      deductible: null,
      expirationDate: null,
    };
    expect(validateInput(CurrentInsuranceInputSchema, body([nulls]))).toStrictEqual(body([nulls]));
    const full = {
      carrier: 'Acme',
      policyNumber: 'P-1',
      policyType: 'HO6',
      premium: 900,
      deductible: 500,
      expirationDate: '2027-02-28',
      coverages: {
        a: { included: true, amount: 1 },
        b: { included: true, amount: 1 },
        c: { included: true, amount: 1 },
        d: { included: true, amount: 1 },
        e: { included: true, amount: 1 },
        f: { included: true, amount: 1 },
        computers: { included: false, amount: 0 },
        hvac: { included: false, amount: 0 },
        mineSubsidence: { included: false, amount: 0 },
        waterBackup: { included: true, amount: 5000 },
      },
    };
    expect(validateInput(CurrentInsuranceInputSchema, body([full]))).toStrictEqual(body([full]));
  });

  it('drops unknown coverage keys and unknown policy fields', () => {
    expect(
      validateInput(
        CurrentInsuranceInputSchema,
        body([{ carrier: 'Acme', coverages: { flood: { included: true, amount: 1 } }, extra: 1 }]),
      ),
    ).toStrictEqual(body([{ carrier: 'Acme', coverages: {} }]));
  });

  it('refuses more than 10 policies', () => {
    expect(
      issuesFor(CurrentInsuranceInputSchema, body(Array.from({ length: 11 }, () => ({})))),
    ).toEqual([{ path: 'currentInsurancePolicies', message: 'At most 10 policies' }]);
  });

  it.each([
    [{ policyType: 'HO4' }, 'currentInsurancePolicies.0.policyType'],
    [{ premium: -1 }, 'currentInsurancePolicies.0.premium'],
    [{ deductible: Number.NaN }, 'currentInsurancePolicies.0.deductible'],
    [{ expirationDate: '2027-02-29' }, 'currentInsurancePolicies.0.expirationDate'],
    [{ coverages: { a: { included: true } } }, 'currentInsurancePolicies.0.coverages.a.amount'],
    [{ coverages: { a: { amount: 1 } } }, 'currentInsurancePolicies.0.coverages.a.included'],
    [{ carrier: '' }, 'currentInsurancePolicies.0.carrier'],
  ])('refuses %j at %s', (policy, path) => {
    expect(issuePaths(CurrentInsuranceInputSchema, body([policy]))).toEqual([path]);
  });

  it('refuses the bare list of policies: the service takes an object holding it', () => {
    expect(issuesFor(CurrentInsuranceInputSchema, [{ carrier: 'Acme' }])).toEqual([
      { path: '', message: 'Current insurance must be an object with currentInsurancePolicies' },
    ]);
    expect(issuesFor(CurrentInsuranceInputSchema, { carrier: 'Acme' })).toEqual([
      { path: 'currentInsurancePolicies', message: expect.any(String) },
    ]);
  });
});

describe('TokenRequestSchema', () => {
  it('accepts client credentials, with and without partner_id, and drops unknown fields', () => {
    expect(
      validateInput(TokenRequestSchema, { client_id: 'cid', client_secret: 's3cr3t', scope: 'x' }),
    ).toStrictEqual({ client_id: 'cid', client_secret: 's3cr3t' });
    expect(
      validateInput(TokenRequestSchema, {
        client_id: 'cid',
        client_secret: 's3cr3t',
        partner_id: 'lender_42',
      }),
    ).toStrictEqual({ client_id: 'cid', client_secret: 's3cr3t', partner_id: 'lender_42' });
  });

  it('refuses missing or empty credentials', () => {
    expect(issuesFor(TokenRequestSchema, {}).map((i) => i.path)).toEqual([
      'client_id',
      'client_secret',
    ]);
    expect(issuesFor(TokenRequestSchema, { client_id: '', client_secret: 's' })).toEqual([
      { path: 'client_id', message: 'client_id is required' },
    ]);
  });

  it.each(['../x', 'a b', '', 'x'.repeat(65)])('refuses partner_id %j', (partner_id) => {
    expect(
      issuesFor(TokenRequestSchema, { client_id: 'c', client_secret: 's', partner_id }),
    ).toEqual([{ path: 'partner_id', message: 'partner_id is malformed' }]);
  });

  it('refuses overlong credentials', () => {
    expect(
      issuePaths(TokenRequestSchema, {
        client_id: 'c'.repeat(201),
        client_secret: 's'.repeat(501),
      }),
    ).toEqual(['client_id', 'client_secret']);
  });

  it('never puts the client secret into an issue message', () => {
    const secret = 'super-secret-value-123';
    const issues = issuesFor(TokenRequestSchema, {
      client_id: 42,
      client_secret: secret,
      partner_id: secret,
    });
    expect(JSON.stringify(issues)).not.toContain(secret);
  });
});
