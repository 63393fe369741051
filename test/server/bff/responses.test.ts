import { describe, expect, it } from 'vitest';
import type { BffOperationName } from '../../../src/core/operations.js';
import { createLoanApplicationFixture } from '../../../src/testing/index.js';
import { withoutNulls } from '../../support/withoutNulls.js';
import type { ApiResponse, SendOptions } from './helpers.js';
import {
  createSandboxClient,
  loanApplication,
  publishEvent,
  sandboxWithWebhooks,
  setup,
} from './helpers.js';

// Fields a service might leak, and what a browser must never see of them.
const HIDDEN = {
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.leaked',
  apiKey: 'key_live_leaked',
  ssn: '123-45-6789',
  internalNotes: 'underwriting note',
};
const LEAKS = /accessToken|apiKey|ssn|internalNotes|__proto__|polluted|leaked|underwriting/;
const OPEN_MAPS = new Set(['coverages', 'deductibles', 'endorsements', 'dwellingInfo']);

/**
 * The answer with {@link HIDDEN} fields in every object, nested once more, and a `__proto__`
 * key beside them. Open maps keep any key of the right shape, so they get keys named like
 * credentials instead, in that shape.
 */
function withLeaks(answer: unknown): unknown {
  const add = (value: unknown, openMap: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => add(v, openMap));
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([k, v]) => [k, add(v, OPEN_MAPS.has(k))]);
    const out = Object.fromEntries(entries);
    return openMap
      ? { ...out, accessToken: { included: true, amount: 1 }, ssn: '123456789' }
      : { ...out, ...HIDDEN, nested: { ...HIDDEN } };
  };
  const text = JSON.stringify(add(answer, false));
  return JSON.parse(
    text.replaceAll('"internalNotes":', '"__proto__":{"polluted":true},"internalNotes":'),
  );
}

const address = {
  street: '1 Main St',
  street2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  county: 'Travis',
};
const coverages = {
  a: { included: true, amount: 300_000 },
  waterBackup: { included: false, amount: 0 },
};
const currentInsurancePolicy = {
  carrier: 'Acme Mutual',
  policyNumber: 'P-1',
  policyType: 'HO3' as const,
  premium: 1200,
  deductible: 1000,
  expirationDate: '2027-01-01',
  coverages,
};
const loan = (id: string) => ({
  id,
  loanNumber: 'LN-1',
  externalId: 'EXT-1',
  status: 'RC1_RATED',
  borrowers: [
    {
      firstName: 'Avery',
      lastName: 'Stone',
      isPrimary: true,
      email: 'avery@example.com',
      phone: '207-555-0142',
      currentAddress: address,
      dob: '1980-01-02',
      formerAddress: null,
      mailingAddress: address,
      gender: 'FEMALE',
      maritalStatus: 'MARRIED',
    },
    {
      firstName: 'Sam',
      lastName: 'Stone',
      isPrimary: false,
      email: null,
      phone: null,
      currentAddress: address,
    },
  ],
  property: {
    address,
    dwellingInfo: { appraisalValue: 420_000, effectiveYearBuilt: '2020', solarPanels: 'Owned' },
  },
  currentInsurancePolicies: [currentInsurancePolicy],
  hostedDisplayUrl: 'https://display.example/d/1',
  shortHostedDisplayUrl: 'https://s.example/1',
  contactPageUrl: 'https://contact.example/1',
  closingDate: '2027-01-15',
  loanAmount: 420_000,
  loanOfficer: {
    firstName: 'Lee',
    lastName: 'Park',
    email: 'lee@lender.example',
    phone: '207-555-0100',
  },
  loanPurpose: 'PURCHASE',
  loanType: 'MORTGAGE',
});
const shopFields = {
  id: 'loan_a1',
  loanId: 'LN-1',
  status: 'RC1_RATED',
  hostedDisplayUrl: 'https://display.example/d/1',
  contactPageUrl: 'https://contact.example/1',
  shortHostedDisplayUrl: 'https://s.example/1',
};
const quote = {
  id: 'q1',
  carrierId: 'acme',
  carrierName: 'Acme Mutual',
  carrierLogoUrl: 'https://cdn.example/acme.svg',
  agentBridgeLink: 'https://agent.example/q1',
  policyType: 'HO3',
  premium: 1200,
  monthlyPremium: 100,
  effectiveDate: '2027-01-15',
  coverages,
  deductibles: { dwelling: { included: true, amount: 1000 } },
  endorsements: { floodZone: { included: false } },
  selected: true,
};
const consent = {
  consent: true,
  consentDateTime: '2026-03-02T15:00:00',
  id: 'loan_a1',
  termsOfServiceId: 'tos-1',
  email: 'avery@example.com',
  phone: '207-555-0142',
};
const tos = { termsOfServiceId: 'tos-1' };

interface Case {
  name: BffOperationName;
  method: string;
  path: string;
  body?: unknown;
  /** What the service answers (before the leaks are added). */
  answer: Record<string, unknown>;
  /** What the browser must get: the answer, and what `exposeFields` lets through. */
  expected: Record<string, unknown>;
}

const same = (
  name: BffOperationName,
  method: string,
  path: string,
  answer: Record<string, unknown>,
  body?: unknown,
): Case => ({ name, method, path, body, answer, expected: answer });

// `partnerReference` is exposed for every operation; the display and the loan also expose a
// nested path.
const CASES: Case[] = [
  same('submitLoanApplication', 'POST', '/loans', loan('loan_new'), loanApplication()),
  {
    name: 'getLoan',
    method: 'GET',
    path: '/loans/loan_a1',
    answer: {
      ...loan('loan_a1'),
      property: { ...loan('loan_a1').property, parcel: { id: 'APN-1', owner: 'Avery' } },
    },
    expected: {
      ...loan('loan_a1'),
      property: { ...loan('loan_a1').property, parcel: { id: 'APN-1' } },
    },
  },
  same('recordConsent', 'POST', '/loans/loan_a1/consent', consent, tos),
  same('recordTcpaConsent', 'POST', '/loans/loan_a1/consent/tcpa', consent, tos),
  same('recordGeneralConsent', 'POST', '/loans/loan_a1/consent/general', consent, tos),
  same('shopLoan', 'PATCH', '/loans/loan_a1/shop', shopFields),
  same('getShoppedLoan', 'GET', '/loans/loan_a1/shop', { ...shopFields, quotes: [quote] }),
  same('getQuoteDisplay', 'GET', '/loans/loan_a1/display', {
    ...shopFields,
    quotes: [{ ...quote, rating: 4.5 }],
    selectedQuoteId: 'q1',
    selectedQuote: quote,
  }),
  same('selectQuote', 'POST', '/loans/loan_a1/quotes/q1/select', { quoteId: 'q1', success: true }),
  same(
    'scheduleCall',
    'POST',
    '/loans/loan_a1/schedule-call',
    { success: true, taskId: 'task_1', scheduledAt: '2030-01-01T10:00:00.000Z' },
    { scheduledAt: '2030-01-01T10:00:00Z' },
  ),
  same('callMeNow', 'POST', '/loans/loan_a1/call-me-now', { success: true, taskId: 'task_2' }, {}),
  same('getPolicy', 'GET', '/policies/pol_a', {
    id: 'pol_a',
    carrier: 'Acme Mutual',
    policyNumber: 'HO3-1',
    policyType: 'HO3',
    effectiveDate: '2027-01-15',
    expirationDate: '2028-01-15',
    cancellationDate: null,
    premium: 1200,
    termLength: 12,
    status: 'ACTIVE',
    loanId: 'loan_a1',
    externalId: 'EXT-1',
    // The documented form: an array of coverage maps keyed like a quote's.
    coverages: [coverages],
    documents: [
      {
        id: 'doc_1',
        name: 'Evidence of insurance',
        type: 'eoi_document',
        url: 'https://docs.example/1',
      },
    ],
  }),
  same('initiatePolicyRetrieval', 'PATCH', '/loans/loan_a1/retrieve', {
    id: 'loan_a1',
    retrievalUrl: 'https://retrieve.example/r/1',
  }),
  same('closeLoan', 'PATCH', '/loans/loan_a1/close', { success: true }, {}),
  same('updateLoanContacts', 'PUT', '/loans/loan_a1/loan-contacts', {}, []),
  same(
    'updateCurrentInsurance',
    'PUT',
    '/loans/loan_a1/current-insurance',
    { id: 'loan_a1', currentInsurancePolicies: [currentInsurancePolicy] },
    { currentInsurancePolicies: [] },
  ),
];

const EXPOSED: Partial<Record<BffOperationName, readonly string[]>> = {
  ...Object.fromEntries(CASES.map((c) => [c.name, ['partnerReference']])),
  getQuoteDisplay: ['partnerReference', 'quotes.rating'],
  getLoan: ['partnerReference', 'property.parcel.id'],
};

describe('what of a service answer reaches the browser', () => {
  it.each(CASES)(
    'B35: $name: credentials, identity numbers, internal notes and __proto__ are dropped at every depth; known and exposed fields pass',
    async ({ name, method, path, body, answer, expected }) => {
      const { send, relay } = setup({
        documentHosts: ['docs.example'],
        exposeFields: EXPOSED,
        responder: (called) =>
          called === name
            ? withLeaks({ ...answer, partnerReference: 'REF-1' })
            : { ...consent, success: true },
      });
      if (name === 'scheduleCall' || name === 'callMeNow') {
        await send('POST', '/loans/loan_a1/consent/tcpa', { body: tos });
      }
      if (name === 'getPolicy') {
        await publishEvent(relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
      }
      const res = await send(method, path, body === undefined ? {} : { body });
      expect(res.status).toBeLessThan(300);
      // `null` is "not known": left out, as the service client reads it.
      expect(res.json).toEqual(withoutNulls({ ...expected, partnerReference: 'REF-1' }));
      expect(res.text).not.toMatch(LEAKS);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('B35: a primitive where the library expects an object, or an object where it expects a value, is dropped', async () => {
    const { send } = setup({
      responder: () => ({
        ...shopFields,
        status: { code: 'RC1_RATED', detail: 'internal' },
        quotes: ['q1', { ...quote, premium: { amount: 1200, margin: 0.3 }, coverages: { a: 5 } }],
      }),
    });
    const res = await send('GET', '/loans/loan_a1/shop');
    const { status: _status, ...rest } = shopFields;
    const { premium: _premium, ...known } = quote;
    expect(res.json).toEqual({ ...rest, quotes: [{ ...known, coverages: {} }] });
  });
});

const QUOTE_DELAY_MS = 40_000;

/**
 * The BFF over a sandbox whose every JSON answer is recorded, then sent on with an
 * `accessToken` and an `internalNotes` added to each of its objects. Webhooks land in the relay.
 */
async function leakySandboxBff() {
  const { sandbox, deliverTo } = sandboxWithWebhooks(QUOTE_DELAY_MS);
  const answers: unknown[] = [];
  const leak = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(leak);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([k, v]) => [k, leak(v)]);
    return { ...Object.fromEntries(entries), accessToken: 'eyJ.leaked', internalNotes: 'leaked' };
  };
  const watched = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await sandbox.fetch(input, init);
    const isToken = String(input).endsWith('/v1/auth/token');
    if (isToken || !response.ok || response.status === 204) return response;
    const json = await response.json();
    answers.push(json);
    return new Response(JSON.stringify(leak(json)), {
      status: response.status,
      headers: response.headers,
    });
  };
  const client = await createSandboxClient({ ...sandbox, fetch: watched });
  // No kept loans: every loan read reaches the sandbox, so each of its answers is checked.
  const t = setup({ client, loanCacheTtlMs: 0 });
  deliverTo(t.relay);
  /** Sends through the BFF; the one answer the sandbox gave must reach the browser as it was. */
  const passes = async (method: string, path: string, options?: SendOptions) => {
    answers.length = 0;
    const res: ApiResponse = await t.send(method, path, options);
    expect(res.status).toBeLessThan(300);
    expect(answers).toHaveLength(1);
    expect(res.json).toEqual(withoutNulls(answers[0]));
    expect(res.text).not.toMatch(/leaked/);
    return res;
  };
  return { ...t, sandbox, passes };
}

describe('the allowlist against the sandbox, which speaks the documented wire format', () => {
  it('B35: over a whole flow, every field the sandbox sends for each operation reaches the browser, and nothing else does', async () => {
    const { send, passes, sandbox } = await leakySandboxBff();
    const other = { street: '9 Elm St', city: 'Dallas', state: 'TX' as const, zip: '75201' };
    const application = createLoanApplicationFixture({
      primaryBorrower: {
        firstName: 'Bind_policy',
        lastName: 'Flood',
        dob: '1980-04-02',
        gender: 'FEMALE',
        maritalStatus: 'MARRIED',
        mailingAddress: { ...other, street2: 'Unit 2', county: 'Dallas' },
        formerAddress: other,
      },
      coBorrowers: [
        {
          firstName: 'Sam',
          lastName: 'Flood',
          isPrimary: false,
          email: null,
          phone: null,
          currentAddress: other,
        },
      ],
      loanOfficer: {
        firstName: 'Lee',
        lastName: 'Park',
        email: 'lee@lender.example',
        phone: '512-555-0100',
      },
      currentInsurancePolicies: [currentInsurancePolicy],
    });

    const loanId = (await passes('POST', '/loans', { body: application })).json.id as string;
    await passes('GET', `/loans/${loanId}`);
    await passes('POST', `/loans/${loanId}/consent`, { body: tos });
    await passes('POST', `/loans/${loanId}/consent/general`, { body: tos });
    await passes('POST', `/loans/${loanId}/consent/tcpa`, { body: tos });
    await passes('PATCH', `/loans/${loanId}/shop`);
    await sandbox.advance(QUOTE_DELAY_MS);

    await passes('GET', `/loans/${loanId}`);
    await passes('GET', `/loans/${loanId}/shop`);
    const quoteId = (await passes('GET', `/loans/${loanId}/display`)).json.quotes[0].id as string;
    await passes('POST', `/loans/${loanId}/quotes/${quoteId}/select`);
    await passes('GET', `/loans/${loanId}/display`);
    const scheduledAt = new Date(sandbox.clock.now() + 24 * 3600 * 1000).toISOString();
    await passes('POST', `/loans/${loanId}/schedule-call`, { body: { scheduledAt } });
    await passes('POST', `/loans/${loanId}/call-me-now`, { body: {} });

    const events = (await send('GET', `/loans/${loanId}/events`)).json.events as Array<{
      event: { type: string; policyId?: string };
    }>;
    const policyIds = events
      .filter((e) => e.event.type === 'policy.bound')
      .map((e) => e.event.policyId);
    // The home policy and the supplemental flood policy.
    expect(policyIds).toHaveLength(2);
    for (const policyId of policyIds) {
      const policy = await passes('GET', `/policies/${policyId}`);
      expect(policy.json.documents.length).toBeGreaterThan(0);
    }

    await passes('PATCH', `/loans/${loanId}/retrieve`);
    await passes('PATCH', `/loans/${loanId}/close`, { body: {} });
    await passes('GET', `/loans/${loanId}`);
  });
});

describe('service URLs a browser may follow', () => {
  const LINKS = {
    hostedDisplayUrl: 'javascript:alert(document.cookie)',
    shortHostedDisplayUrl: 'http://short.example/s/1',
    contactPageUrl: 'https://user:secret@contact.example/c/1?token=abc',
  };
  const REMOVED = { hostedDisplayUrl: '', shortHostedDisplayUrl: null, contactPageUrl: null };

  it.each([
    ['getLoan', 'GET', '/loans/loan_a1'],
    ['shopLoan', 'PATCH', '/loans/loan_a1/shop'],
    ['getShoppedLoan', 'GET', '/loans/loan_a1/shop'],
    ['getQuoteDisplay', 'GET', '/loans/loan_a1/display'],
  ])(
    'B37: %s: unsafe hosted display, short display and contact page URLs are removed, and logged by host only',
    async (name, method, path) => {
      const { send, logger } = setup({
        responder: () => ({ ...loan('loan_a1'), ...shopFields, ...LINKS, quotes: [] }),
      });
      const res = await send(method, path);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject(REMOVED);
      const logged = JSON.stringify(logger.lines);
      for (const url of Object.values(LINKS)) expect(logged).not.toContain(url);
      expect(logged).not.toMatch(/secret|token=|alert/);
      const line = (field: string, host: string | null) => ({
        level: 'warn',
        message: expect.any(String),
        meta: { operation: name, field, host, reason: 'unsafe', count: 1 },
      });
      expect(logger.lines).toHaveLength(3);
      expect(logger.lines).toEqual(
        expect.arrayContaining([
          line('hostedDisplayUrl', null),
          line('shortHostedDisplayUrl', 'short.example'),
          line('contactPageUrl', 'contact.example'),
        ]),
      );
    },
  );

  it("B37: each quote's agent link and carrier logo must be https without credentials (plain http on loopback only), even when exposed", async () => {
    const { send, logger } = setup({
      exposeFields: { getQuoteDisplay: ['quotes.agentBridgeLink', 'quotes.carrierLogoUrl'] },
      responder: () => ({
        ...shopFields,
        quotes: [
          {
            id: 'q1',
            agentBridgeLink: 'data:text/html,<script>x</script>',
            carrierLogoUrl: 'http://cdn.example/a.svg',
          },
          {
            id: 'q2',
            agentBridgeLink: 'https://agent.example/q2',
            carrierLogoUrl: 'http://127.0.0.1:4010/b.svg',
          },
          { id: 'q3', agentBridgeLink: 'vbscript:x', carrierLogoUrl: 'https://cdn.example/c.svg' },
        ],
        selectedQuote: { id: 'q1', agentBridgeLink: 'javascript:x' },
      }),
    });
    const res = await send('GET', '/loans/loan_a1/display');
    expect(res.json.quotes).toEqual([
      { id: 'q1', agentBridgeLink: null, carrierLogoUrl: null },
      {
        id: 'q2',
        agentBridgeLink: 'https://agent.example/q2',
        carrierLogoUrl: 'http://127.0.0.1:4010/b.svg',
      },
      { id: 'q3', agentBridgeLink: null, carrierLogoUrl: 'https://cdn.example/c.svg' },
    ]);
    expect(res.json.selectedQuote).toEqual({ id: 'q1', agentBridgeLink: null });
    // One line per field and host, however many quotes share them.
    expect(logger.lines.map((l) => l.meta)).toEqual([
      {
        operation: 'getQuoteDisplay',
        field: 'quotes.agentBridgeLink',
        host: null,
        reason: 'unsafe',
        count: 2,
      },
      {
        operation: 'getQuoteDisplay',
        field: 'quotes.carrierLogoUrl',
        host: 'cdn.example',
        reason: 'unsafe',
        count: 1,
      },
      {
        operation: 'getQuoteDisplay',
        field: 'selectedQuote.agentBridgeLink',
        host: null,
        reason: 'unsafe',
        count: 1,
      },
    ]);
  });

  it('B37: a retrieval answer without a safe retrieval URL is a 502 service_error, not a link', async () => {
    for (const retrievalUrl of ['javascript:alert(1)', 'http://retrieve.example/r', undefined]) {
      const { send, logger } = setup({ responder: () => ({ id: 'loan_a1', retrievalUrl }) });
      const res = await send('PATCH', '/loans/loan_a1/retrieve');
      expect(res.status).toBe(502);
      expect(res.json.error.code).toBe('service_error');
      expect(JSON.stringify(logger.lines)).not.toContain('retrieve.example/r');
    }
    const { send } = setup({
      responder: () => ({ id: 'loan_a1', retrievalUrl: 'https://retrieve.example/r/1' }),
    });
    expect((await send('PATCH', '/loans/loan_a1/retrieve')).json).toEqual({
      id: 'loan_a1',
      retrievalUrl: 'https://retrieve.example/r/1',
    });
  });
});
