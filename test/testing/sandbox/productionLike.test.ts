import { describe, expect, it } from 'vitest';
import type { WebhookEnvelope } from '../../../src/core/schemas/webhookEvent.js';
import {
  BIND_POLICY_FIRST_NAME,
  createSandboxService,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import { createMockBff } from '../../../src/testing/mockBff/createMockBff.js';
import { COVERAGE_KEYS } from './coverageShapes.js';
import type { Harness, HarnessOptions } from './harness.js';
import {
  createHarness,
  loanApplication,
  ORIGIN,
  QUOTE_DELAY_MS,
  readResponse,
  SECOND,
  START,
  verifySignature,
  WEBHOOK_TARGET,
} from './harness.js';

// The sandbox's production-like mode: its JSON answers as loose as production's (nulls, numbers
// as text and text as numbers, unknown fields, unreadable list items, documents not ready, dates
// as timestamps), the same way every time, while what it does stays the same. Each answer is
// compared with the documented mode's answer to the same requests on the same clock.

type Json = Record<string, unknown>;
const PRODUCTION_LIKE: HarnessOptions = { sandbox: { productionLike: true } };
const META = { apiVersion: 'v1', environment: 'sandbox' };

/** A documented sandbox and a production-like one, both at `START` on a manual clock. */
async function bothModes(): Promise<{ documented: Harness; loose: Harness }> {
  return { documented: await createHarness(), loose: await createHarness(PRODUCTION_LIKE) };
}

/** The same value with one loan's id in place of another's (hosted links name the loan). */
const sameLoan = (value: unknown, from: string, to: string): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll(from, to));

/** A quote read back the documented way: what a tolerant reader makes of a loose one. */
function documentedQuote(quote: Json): Json {
  const { rank: _rank, ...rest } = quote;
  const coverages = Object.fromEntries(
    Object.entries(quote.coverages as Json).map(([key, entry]) => {
      const { amount, ...flags } = entry as Json;
      return [key, { ...flags, amount: Number(amount) }];
    }),
  );
  return {
    ...rest,
    premium: Number(quote.premium),
    monthlyPremium: Number(quote.monthlyPremium),
    effectiveDate: String(quote.effectiveDate).slice(0, 10),
    coverages,
  };
}

describe('the sandbox in production-like mode', () => {
  it('L8: is off by default: answers are the documented ones, as application/json without _meta', async () => {
    const h = await createHarness();
    const loan = await h.submitLoan();
    expect(loan.headers.get('content-type')).toBe('application/json');
    expect(loan.json._meta).toBeUndefined();
    expect(h.sandbox.productionLike).toBeNull();
    expect(h.sandbox.webhookHeaderPrefix).toBe('X-Service');
  });

  it('L8: a loan answer says null for each optional field not known (closing date, amount, officer, purpose, type, display links before shopping, street2, county, a co-borrower’s email and phone), with an unknown middleName, and dwellingInfo keeps its keys', async () => {
    const h = await createHarness(PRODUCTION_LIKE);
    const address = {
      street: '12 Harbor View Rd',
      city: 'Portland',
      state: 'ME',
      zip: '04101',
    } as const;
    const dwellingInfo = { exteriorWallType: 'Brick', fireplaces: 2 };
    const application = loanApplication({ property: { address, dwellingInfo } });
    const {
      loanAmount: _amount,
      loanPurpose: _purpose,
      loanType: _type,
      ...withoutOptionals
    } = application;
    const created = await h.call('POST', '/v1/loans', {
      ...withoutOptionals,
      borrowers: [
        ...application.borrowers,
        { firstName: 'Robin', lastName: 'Stone', isPrimary: false, currentAddress: address },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const read = await h.call('GET', `/v1/loans/${created.json.id}`);

    for (const loan of [created.json, read.json]) {
      expect(loan).toMatchObject({
        closingDate: null,
        loanAmount: null,
        loanOfficer: null,
        loanPurpose: null,
        loanType: null,
        hostedDisplayUrl: null,
        shortHostedDisplayUrl: null,
        contactPageUrl: expect.stringMatching(/\/sandbox\/contact\//),
        externalId: 'LN-2026-0001',
        _meta: META,
      });
      const [primary, coBorrower] = loan.borrowers;
      expect(primary).toMatchObject({
        email: 'avery.stone@example.com',
        middleName: null,
        currentAddress: { ...address, street2: null, county: null },
      });
      expect(coBorrower).toMatchObject({ email: null, phone: null, middleName: null });
      expect(loan.property).toEqual({
        address: { ...address, street2: null, county: null },
        dwellingInfo,
      });
    }
  });

  it('L8: the shop answer’s status is null while the loan is quoting as in the documented mode', async () => {
    const { documented, loose } = await bothModes();
    const statuses: unknown[] = [];
    for (const h of [documented, loose]) {
      const id = (await h.submitLoan()).json.id as string;
      await h.consent(id);
      const shop = await h.shop(id);
      expect(shop.status).toBe(200);
      statuses.push(shop.json.status, h.sandbox.inspectLoan(id)?.status);
      if (h === loose) {
        expect(shop.json).toMatchObject({
          id,
          loanId: 'LN-2026-0001',
          hostedDisplayUrl: expect.stringMatching(/\/sandbox\/display\//),
          _meta: META,
        });
      }
    }
    expect(statuses).toEqual(['NOT_YET_RATED', 'RC1_RATING', null, 'RC1_RATING']);
  });

  it('L8: quote lists carry prices as two-decimal text, a rank each, effective dates as UTC midnight, one quote’s coverage amounts as text, one carrier without a logo and a pending carrier without an id; read back, they are the documented quotes', async () => {
    const { documented, loose } = await bothModes();
    const documentedId = await documented.ratedLoan();
    const looseId = await loose.ratedLoan();

    for (const path of ['shop', 'display']) {
      const plain = await documented.call('GET', `/v1/loans/${documentedId}/${path}`);
      const answer = await loose.call('GET', `/v1/loans/${looseId}/${path}`);
      const quotes = answer.json.quotes as Json[];
      const documentedQuotes = sameLoan(plain.json.quotes, documentedId, looseId) as Json[];
      const priced = quotes.slice(0, -1);
      expect(priced).toHaveLength(documentedQuotes.length);
      expect(quotes.at(-1)).toEqual({
        carrierId: 'pending',
        carrierName: 'Carrier still rating',
        status: 'PENDING',
        premium: null,
        monthlyPremium: null,
        effectiveDate: null,
        carrierLogoUrl: null,
        rank: priced.length + 1,
      });
      priced.forEach((quote, i) => {
        expect(quote.rank).toBe(i + 1);
        expect(quote.premium).toMatch(/^\d+\.\d{2}$/);
        expect(quote.monthlyPremium).toMatch(/^\d+\.\d{2}$/);
        expect(quote.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
        // Open maps keep their keys: a new one would be a new row on a card, not looseness.
        const original = documentedQuotes[i] as Json;
        for (const map of ['coverages', 'deductibles', 'endorsements']) {
          expect(Object.keys(quote[map] as Json)).toEqual(Object.keys(original[map] as Json));
        }
      });
      const amounts = (quote: Json) =>
        Object.values(quote.coverages as Json).map((c) => typeof (c as Json).amount);
      expect(new Set(amounts(priced[0] as Json))).toEqual(new Set(['string']));
      expect(new Set(amounts(priced[1] as Json))).toEqual(new Set(['number']));
      expect(priced.map((q) => q.carrierLogoUrl === null)).toEqual(
        priced.map((_, i) => i === priced.length - 1),
      );
      // Read back, a loose quote is the documented one (but the logo it does not have).
      const lastIndex = priced.length - 1;
      expect(
        priced.map((q, i) =>
          documentedQuote(
            i === lastIndex ? { ...q, carrierLogoUrl: documentedQuotes[i]?.carrierLogoUrl } : q,
          ),
        ),
      ).toEqual(documentedQuotes);
      expect(answer.json).toMatchObject({ status: 'RC1_RATED', _meta: META });
    }
    const display = await loose.call('GET', `/v1/loans/${looseId}/display`);
    expect(display.json.selectedQuoteId).toBeNull();
  });

  it('L8: the same requests get the same answers, every time and in every production-like sandbox', async () => {
    const first = await createHarness(PRODUCTION_LIKE);
    const second = await createHarness(PRODUCTION_LIKE);
    const firstId = await first.ratedLoan();
    const secondId = await second.ratedLoan();
    // Ids are random in both modes: the loan's, and its short display link's code.
    const read = async (h: Harness, id: string) =>
      JSON.parse(
        JSON.stringify((await h.call('GET', `/v1/loans/${id}/shop`)).json)
          .replaceAll(id, 'LOAN')
          .replace(/\/sandbox\/s\/\w+/, '/sandbox/s/CODE'),
      );
    const once = await read(first, firstId);
    expect(await read(first, firstId)).toEqual(once);
    expect(await read(second, secondId)).toEqual(once);
  });

  it('L8: select, close, schedule call and call me now answer success "true", TCPA consent "true" and consent null, and each is recorded as in the documented mode', async () => {
    const { documented, loose } = await bothModes();
    const states: unknown[] = [];
    for (const h of [documented, loose]) {
      const id = await h.ratedLoan();
      const consent = await h.consent(id, 'consent');
      const general = await h.consent(id, 'general');
      const tcpa = await h.consent(id, 'tcpa');
      const quotes = (await h.call('GET', `/v1/loans/${id}/shop`)).json.quotes as Json[];
      const select = await h.call('POST', `/v1/loans/${id}/quotes/${quotes[1]?.id}/select`);
      const tomorrow = new Date(START + 86_400_000).toISOString();
      const schedule = await h.call('POST', '/v1/loans/schedule_call', {
        id,
        scheduledAt: tomorrow,
      });
      const now = await h.call('POST', '/v1/loans/call_me_now', { id });
      const close = await h.call('PATCH', `/v1/loans/${id}/close`);
      const answers = [select, schedule, now, close];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      if (h === loose) {
        expect(answers.map((a) => a.json.success)).toEqual(['true', 'true', 'true', 'true']);
        expect([consent.json.consent, general.json.consent, tcpa.json.consent]).toEqual([
          null,
          'true',
          'true',
        ]);
        expect(select.json.quoteId).toBe(quotes[1]?.id);
      } else {
        expect(answers.map((a) => a.json.success)).toEqual([true, true, true, true]);
      }
      const { tcpaConsent, ...state } = h.sandbox.inspectLoan(id) ?? {};
      states.push({
        state,
        tasks: h.sandbox.tasks.map((t) => t.kind),
        tcpa: tcpaConsent?.consent,
      });
    }
    const [plain, production] = states as Array<{ state: { selectedQuoteId: string } }>;
    expect(production).toEqual(plain);
    expect(plain?.state.selectedQuoteId).toMatch(/^q1_1_/);
  });

  it('L8: a policy read within 60 s of its binding lists a document not ready yet (url null) beside its evidence of insurance; premium and term as text, policy number and document ids as numbers, cancellationDate null, its days as UTC midnight', async () => {
    const h = await createHarness(PRODUCTION_LIKE);
    const loanId = await h.ratedLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } });
    const policyId = h.sandbox.inspectLoan(loanId)?.policyIds[0];
    const boundAt = new Date(h.sandbox.clock.now()).toISOString();

    const fresh = await h.call('GET', `/v1/policies/${policyId}`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(fresh.json).toMatchObject({
      id: policyId,
      policyNumber: expect.any(Number),
      premium: expect.stringMatching(/^\d+\.\d{2}$/),
      termLength: '12',
      cancellationDate: null,
      effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/),
      expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/),
      loanId,
      status: 'ACTIVE',
      _meta: META,
    });
    expect(String(fresh.json.policyNumber)).toMatch(/^\d{10}$/);
    const documents = fresh.json.documents as Json[];
    expect(documents.map((d) => [d.type, typeof d.id, d.url === null, d.createdAt])).toEqual([
      ['eoi_document', 'number', false, boundAt],
      ['declarations_page', 'number', false, boundAt],
      ['policy_document', 'number', true, boundAt],
    ]);
    // The ready ones open; the hosted document page knows them by their numeric ids.
    const eoi = await h.call('GET', String(documents[0]?.url));
    expect(eoi.status).toBe(200);
    expect(eoi.text.startsWith('%PDF-')).toBe(true);
    // The coverages item keeps the quote's keys.
    expect(Object.keys((fresh.json.coverages as Json[])[0] as Json)).toEqual(COVERAGE_KEYS);

    // The same document, the same id, on every read while it is not ready.
    await h.advance(59 * SECOND);
    const again = await h.call('GET', `/v1/policies/${policyId}`);
    expect((again.json.documents as Json[]).at(-1)?.id).toBe(documents[2]?.id);
    await h.advance(SECOND);
    const later = await h.call('GET', `/v1/policies/${policyId}`);
    expect((later.json.documents as Json[]).map((d) => d.type)).toEqual([
      'eoi_document',
      'declarations_page',
    ]);
  });

  it('L8: documentNotReadyMs sets how long a document stays not ready, 0 never; a negative one is refused', async () => {
    const h = await createHarness({ sandbox: { productionLike: { documentNotReadyMs: 0 } } });
    const loanId = await h.ratedLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } });
    const policyId = h.sandbox.inspectLoan(loanId)?.policyIds[0];
    const policy = await h.call('GET', `/v1/policies/${policyId}`);
    expect((policy.json.documents as Json[]).every((d) => typeof d.url === 'string')).toBe(true);
    expect(h.sandbox.productionLike).toEqual({
      documentNotReadyMs: 0,
      webhookHeaderPrefix: 'X-Insurer',
    });
    expect(() => createSandboxService({ productionLike: { documentNotReadyMs: -1 } })).toThrow(
      /documentNotReadyMs must be a non-negative number/,
    );
  });

  it('L8: every JSON answer, errors included, comes as application/json; charset=utf-8; hosted pages and documents as they are', async () => {
    const h = await createHarness(PRODUCTION_LIKE);
    const notFound = await h.call('GET', '/v1/loans/ln_missing');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(notFound.json._meta).toBeUndefined();
    const token = await h.requestToken({
      client_id: SANDBOX_DEFAULTS.clientId,
      client_secret: SANDBOX_DEFAULTS.clientSecret,
    });
    expect(token.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(token.json).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const id = (await h.submitLoan()).json.id as string;
    const contact = await h.call('GET', `${ORIGIN}/sandbox/contact/${id}`);
    expect(contact.status).toBe(200);
    expect(contact.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('L8: what the sandbox does is the same in both modes: state, events, rate limit and request counts', async () => {
    const { documented, loose } = await bothModes();
    const runs: unknown[] = [];
    for (const h of [documented, loose]) {
      const id = await h.ratedLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } });
      await h.call('PUT', `/v1/loans/${id}/current-insurance`, {
        currentInsurancePolicies: [
          {
            carrier: 'Old Carrier',
            policyNumber: 'OLD-1',
            policyType: 'HO3',
            premium: 1200,
            deductible: 1000,
            expirationDate: '2026-12-31',
            coverages: {},
          },
        ],
      });
      const loan = (await h.call('GET', `/v1/loans/${id}`)).json;
      const { tcpaConsent: _tcpa, policyIds, ...state } = h.sandbox.inspectLoan(id) ?? {};
      runs.push({
        state,
        policies: policyIds?.length,
        events: h.sandbox.events.map((e) => [e.type, Object.keys(e.data).sort()]),
        deliveries: h.sandbox.deliveries.map((d) => [d.attempt, d.ok, d.status]),
        stats: h.sandbox.stats(),
        insurance: (loan.currentInsurancePolicies as Json[]).map((p) => [
          p.carrier,
          Number(p.premium),
          Number(p.deductible),
        ]),
      });
      if (h === loose) {
        expect(loan.currentInsurancePolicies[0]).toMatchObject({
          premium: '1200.00',
          deductible: '1000.00',
          coverages: {},
        });
      }
    }
    expect(runs[1]).toEqual(runs[0]);
  });

  it('L8: webhooks are signed under X-Insurer with lower-case header names, the body signed as in the documented mode', async () => {
    const sent: Array<{ names: string[]; headers: Headers; body: string }> = [];
    const receiver = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const raw = init?.headers as Record<string, string>;
      sent.push({ names: Object.keys(raw), headers: new Headers(raw), body: String(init?.body) });
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const h = await createHarness({ sandbox: { productionLike: true, fetch: receiver } });
    expect(h.sandbox.webhookHeaderPrefix).toBe('X-Insurer');
    await h.ratedLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } });

    expect(sent).toHaveLength(2);
    for (const { names, headers, body } of sent) {
      expect(names.sort()).toEqual([
        'authorization',
        'content-type',
        'user-agent',
        'x-insurer-external-id',
        'x-insurer-partner-id',
        'x-insurer-signature-1',
      ]);
      const secret = SANDBOX_DEFAULTS.clientSecret;
      expect(verifySignature(body, secret, headers.get('x-insurer-signature-1'))).toBe(true);
      // The events themselves are the documented ones.
      const event = JSON.parse(body) as WebhookEnvelope;
      expect(event).toEqual(h.sandbox.events.find((e) => e.id === event.id));
      expect(headers.get('authorization')).toMatch(/^Basic /);
    }
    expect(WEBHOOK_TARGET.url).toBe(String(h.sandbox.deliveries[0]?.url));
  });

  it('L8: the prefix is productionLike’s when given, else the sandbox’s webhookHeaderPrefix, else X-Insurer', () => {
    const prefixOf = (options: Parameters<typeof createSandboxService>[0]) => {
      const sandbox = createSandboxService({ clock: 'manual', ...options });
      sandbox.dispose();
      return sandbox.webhookHeaderPrefix;
    };
    expect(prefixOf({ productionLike: true })).toBe('X-Insurer');
    expect(prefixOf({ productionLike: true, webhookHeaderPrefix: 'X-Acme' })).toBe('X-Acme');
    expect(
      prefixOf({
        productionLike: { webhookHeaderPrefix: 'X-Zeta' },
        webhookHeaderPrefix: 'X-Acme',
      }),
    ).toBe('X-Zeta');
    expect(prefixOf({ productionLike: false, webhookHeaderPrefix: 'X-Acme' })).toBe('X-Acme');
    expect(() => prefixOf({ productionLike: { webhookHeaderPrefix: 'auto' } })).toThrow(
      /'auto' is the receiver's headerPrefix/,
    );
  });

  it('L8: while quoting, the quote list holds only the pending carrier, which a reader drops (the documented mode’s empty list)', async () => {
    const h = await createHarness(PRODUCTION_LIKE);
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id);
    await h.shop(id);
    await h.advance(QUOTE_DELAY_MS - SECOND);
    const quoting = await h.call('GET', `/v1/loans/${id}/shop`);
    // Only the pending carrier: no quote to read yet, as in the documented mode's empty list.
    expect(quoting.json.status).toBe('RC1_RATING');
    expect((quoting.json.quotes as Json[]).map((q) => q.id)).toEqual([undefined]);
  });
});

describe('the mock BFF and MSW handlers over a production-like sandbox', () => {
  it('L9: give the browser the documented shapes: numbers as numbers, no pending quote, no document without a link', async () => {
    const sandbox = createSandboxService({
      clock: 'manual',
      quoteDelayMs: QUOTE_DELAY_MS,
      productionLike: true,
    });
    const bff = createMockBff({ sandbox });
    const call = async (method: string, path: string, body?: unknown) =>
      readResponse(
        await bff.handler(
          new Request(`http://app.test/api/insurance${path}`, {
            method,
            headers: {
              ...(method === 'GET' ? {} : { 'X-LIR-CSRF': '1' }),
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
        ),
      );
    const loan = await sandbox.seedLoan({ primaryBorrower: { firstName: BIND_POLICY_FIRST_NAME } });
    expect((await call('PATCH', `/loans/${loan.id}/shop`)).status).toBe(200);
    await sandbox.advance(QUOTE_DELAY_MS);

    const display = await call('GET', `/loans/${loan.id}/display`);
    const quotes = display.json.quotes as Json[];
    expect(quotes).toHaveLength(3);
    for (const quote of quotes) {
      expect(quote.id).toEqual(expect.any(String));
      expect(quote.premium).toEqual(expect.any(Number));
      expect(quote).not.toHaveProperty('rank');
    }
    const policyId = sandbox.inspectLoan(loan.id)?.policyIds[0];
    const policy = await call('GET', `/policies/${policyId}`);
    expect(policy.json).toMatchObject({ premium: expect.any(Number), termLength: 12 });
    expect((policy.json.documents as Json[]).map((d) => d.type)).toEqual([
      'eoi_document',
      'declarations_page',
    ]);
    sandbox.dispose();
  });
});
