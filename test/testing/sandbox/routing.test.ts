import { describe, expect, it } from 'vitest';
import type { ServiceOperationName } from '../../../src/core/operations.js';
import { OPERATION_NAMES, operations } from '../../../src/core/operations.js';
import { buildPath, type PathParams } from '../../../src/core/paths.js';
import {
  BIND_POLICY_FIRST_NAME,
  SANDBOX_CARRIERS,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import type { ApiResponse, Harness } from './harness.js';
import {
  BASE_URL,
  createHarness,
  DAY,
  DEFAULT_CREDENTIALS,
  loanApplication,
  ORIGIN,
  START,
} from './harness.js';

/** The operations the service implements, straight from the operation table. */
const SERVICE_OPERATIONS = OPERATION_NAMES.filter(
  (name) => operations[name].upstream !== null,
) as ServiceOperationName[];

/** One request of an operation, with the method and path taken from the operation table. */
function send(
  h: Harness,
  name: ServiceOperationName,
  params: PathParams = {},
  body?: unknown,
): Promise<ApiResponse> {
  const route = operations[name].upstream;
  return h.call(route.method, buildPath(route.path, params), body, {
    ...(name === 'createToken' ? { token: null } : {}),
  });
}

const tomorrow = new Date(START + DAY).toISOString();

async function newLoan(h: Harness, overrides = {}) {
  return (await h.submitLoan(overrides)).json.id as string;
}

async function firstQuoteId(h: Harness, loanId: string) {
  return (await h.call('GET', `/v1/loans/${loanId}/shop`)).json.quotes[0].id as string;
}

/** What one request of an operation needs: its path ids and body. */
interface Prepared {
  params?: PathParams;
  body?: unknown;
}

/**
 * For each operation: how to reach a state where it succeeds, and the status it then answers.
 * Typed over every service operation, so a new row in the table fails to compile without one.
 */
const RECIPES: Record<
  ServiceOperationName,
  { status: number; prepare: (h: Harness) => Promise<Prepared> }
> = {
  createToken: { status: 200, prepare: async () => ({ body: DEFAULT_CREDENTIALS }) },
  submitLoanApplication: { status: 201, prepare: async () => ({ body: loanApplication() }) },
  getLoan: { status: 200, prepare: async (h) => ({ params: { loanId: await newLoan(h) } }) },
  recordConsent: {
    status: 200,
    prepare: async (h) => ({ body: { id: await newLoan(h), termsOfServiceId: 'tos-1' } }),
  },
  recordTcpaConsent: {
    status: 200,
    prepare: async (h) => ({ body: { id: await newLoan(h), termsOfServiceId: 'tos-1' } }),
  },
  recordGeneralConsent: {
    status: 200,
    prepare: async (h) => ({ body: { id: await newLoan(h), termsOfServiceId: 'tos-1' } }),
  },
  shopLoan: {
    status: 200,
    prepare: async (h) => {
      const loanId = await newLoan(h);
      await h.consent(loanId);
      return { params: { loanId } };
    },
  },
  getShoppedLoan: {
    status: 200,
    prepare: async (h) => ({ params: { loanId: await h.ratedLoan() } }),
  },
  getQuoteDisplay: {
    status: 200,
    prepare: async (h) => ({ params: { loanId: await h.ratedLoan() } }),
  },
  selectQuote: {
    status: 200,
    prepare: async (h) => {
      const loanId = await h.ratedLoan();
      return { params: { loanId, quoteId: await firstQuoteId(h, loanId) } };
    },
  },
  scheduleCall: {
    status: 200,
    prepare: async (h) => {
      const id = await newLoan(h);
      await h.consent(id, 'tcpa');
      return { body: { id, scheduledAt: tomorrow } };
    },
  },
  callMeNow: {
    status: 200,
    prepare: async (h) => {
      const id = await newLoan(h);
      await h.consent(id, 'tcpa');
      return { body: { id } };
    },
  },
  getPolicy: {
    status: 200,
    prepare: async (h) => {
      await h.ratedLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } });
      const policyId = h.sandbox.events.find((e) => e.type === 'policy.bound')?.data.policyId;
      return { params: { policyId: policyId as string } };
    },
  },
  initiatePolicyRetrieval: {
    status: 200,
    prepare: async (h) => ({ params: { loanId: await newLoan(h) } }),
  },
  closeLoan: { status: 200, prepare: async (h) => ({ params: { loanId: await newLoan(h) } }) },
  updateLoanContacts: {
    status: 204,
    prepare: async (h) => ({
      params: { loanId: await newLoan(h) },
      body: [{ role: 'Loan Officer', firstName: 'A', lastName: 'B', email: 'ab@lender.example' }],
    }),
  },
  updateCurrentInsurance: {
    status: 200,
    prepare: async (h) => ({
      params: { loanId: await newLoan(h) },
      body: { currentInsurancePolicies: [{ carrier: 'Old Co' }] },
    }),
  },
};

describe('every operation of the table', () => {
  it('has a recipe for exactly the operations with a service route', () => {
    expect(Object.keys(RECIPES).sort()).toEqual([...SERVICE_OPERATIONS].sort());
    expect(SERVICE_OPERATIONS).not.toContain('loanEvents');
  });

  it.each(SERVICE_OPERATIONS)('answers %s at its method and path from the table', async (name) => {
    const h = await createHarness();
    const recipe = RECIPES[name];
    const { params, body } = await recipe.prepare(h);
    const before = h.sandbox.stats().requests;

    const res = await send(h, name, params, body);

    expect(res.status, res.text).toBe(recipe.status);
    // Counted once, as this operation and no other.
    const after = h.sandbox.stats().requests;
    for (const other of SERVICE_OPERATIONS) {
      expect(after[other] ?? 0, other).toBe((before[other] ?? 0) + (other === name ? 1 : 0));
    }
  });

  it('exercises every service operation in one end-to-end lender flow', async () => {
    const h = await createHarness();

    // Shopping flow.
    const token = await send(h, 'createToken', {}, DEFAULT_CREDENTIALS);
    h.token = token.json.access_token;
    const loan = await send(
      h,
      'submitLoanApplication',
      {},
      loanApplication({ primary: { firstName: BIND_POLICY_FIRST_NAME } }),
    );
    const loanId = loan.json.id as string;
    const consent = { id: loanId, termsOfServiceId: 'tos-2026-01' };
    expect((await send(h, 'recordConsent', {}, consent)).status).toBe(200);
    expect((await send(h, 'recordGeneralConsent', {}, consent)).status).toBe(200);
    expect((await send(h, 'recordTcpaConsent', {}, consent)).status).toBe(200);
    expect((await send(h, 'shopLoan', { loanId })).json.status).toBe('NOT_YET_RATED');
    await h.advance(40_000);
    expect((await send(h, 'getLoan', { loanId })).json.status).toBe('RC1_RATED');
    const shopped = await send(h, 'getShoppedLoan', { loanId });
    const display = await send(h, 'getQuoteDisplay', { loanId });
    const quoteId = display.json.quotes[0].id as string;
    expect(shopped.json.quotes.map((q: { id: string }) => q.id)).toContain(quoteId);
    expect((await send(h, 'selectQuote', { loanId, quoteId })).json).toEqual({
      quoteId,
      success: true,
    });
    expect((await send(h, 'scheduleCall', {}, { id: loanId, scheduledAt: tomorrow })).status).toBe(
      200,
    );
    expect((await send(h, 'callMeNow', {}, { id: loanId })).status).toBe(200);
    const bound = h.received.find((r) => r.event.type === 'policy.bound');
    const policy = await send(h, 'getPolicy', { policyId: bound?.event.data.policyId as string });
    expect(policy.json.loanId).toBe(loanId);
    expect((await h.sandbox.fetch(policy.json.documents[0].url)).status).toBe(200);
    expect(
      (
        await send(h, 'updateLoanContacts', { loanId }, [
          { role: 'Loan Officer', firstName: 'A', lastName: 'B', email: 'ab@lender.example' },
        ])
      ).status,
    ).toBe(204);
    const currentInsurance = await send(
      h,
      'updateCurrentInsurance',
      { loanId },
      { currentInsurancePolicies: [] },
    );
    expect(currentInsurance.json).toEqual({ id: loanId, currentInsurancePolicies: [] });

    // Retrieval flow on a second application.
    const second = (await send(h, 'submitLoanApplication', {}, loanApplication())).json.id;
    const retrieval = await send(h, 'initiatePolicyRetrieval', { loanId: second });
    const done = await h.sandbox.fetch(retrieval.json.retrievalUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        carrier: (SANDBOX_CARRIERS[0] as { name: string }).name,
        username: 'user_good',
        password: SANDBOX_DEFAULTS.sandboxPassword,
      }).toString(),
    });
    expect(done.status).toBe(200);
    expect((await send(h, 'closeLoan', { loanId: second })).json).toEqual({ success: true });
    await h.sandbox.settle();

    // Deliveries run concurrently: arrival order is not promised.
    expect(h.received.map((r) => r.event.type).sort()).toEqual([
      'loan.shopped',
      'policy.bound',
      'policy.retrieved',
    ]);
    const { requests } = h.sandbox.stats();
    const missing = SERVICE_OPERATIONS.filter((name) => !(requests[name] && requests[name] > 0));
    expect(missing).toEqual([]);
  });
});

describe('routing', () => {
  it('answers 404 JSON for an unknown path, another version or a path outside the base path', async () => {
    const h = await createHarness();
    for (const url of [
      `${BASE_URL}/v1/nothing`,
      `${BASE_URL}/v2/loans`,
      `${BASE_URL}/v1/loans/ln_1/events`,
      `${ORIGIN}/v1/loans`,
    ]) {
      const res = await h.call('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const h = await createHarness();
    const id = await newLoan(h);

    const del = await h.call('DELETE', `/v1/loans/${id}`);
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET');
    expect(del.json.error.code).toBe('method_not_allowed');

    const post = await h.call('POST', `/v1/loans/${id}/shop`);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'PATCH']);

    const list = await h.call('GET', '/v1/loans');
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('POST');

    expect((await h.call('GET', '/v1/auth/token')).headers.get('allow')).toBe('POST');
  });

  it.each(['/v1/loans/consent', '/v1/loans/schedule_call', '/v1/loans/call_me_now'])(
    'answers 405 Allow POST for GET %s instead of reading it as a loan id (nor rate-limiting it)',
    async (path) => {
      const h = await createHarness();
      const res = await h.call('GET', path);

      expect.soft(res.status).toBe(405);
      expect.soft(res.headers.get('allow')).toBe('POST');
      // Not a get-loan request, so it takes no slot of the partner's rate limit.
      expect.soft(h.requests('getLoan')).toBe(0);
    },
  );

  it('answers 404 for an id that is not a well-formed id', async () => {
    const h = await createHarness();
    for (const path of ['/v1/loans/bad.id', '/v1/loans/%2e%2e', `/v1/loans/${'x'.repeat(65)}`]) {
      const res = await h.call('GET', path);
      expect(res.status, path).toBe(404);
    }
    expect(h.requests('getLoan')).toBe(0);
  });

  it('refuses a body that is not declared as JSON with 415', async () => {
    const h = await createHarness();
    const res = await h.call('POST', '/v1/loans', undefined, {
      rawBody: JSON.stringify(loanApplication()),
      contentType: 'text/plain',
    });
    expect(res.status).toBe(415);

    const none = await h.call('POST', '/v1/loans', undefined, {
      rawBody: JSON.stringify(loanApplication()),
      contentType: null,
    });
    expect(none.status).toBe(415);

    const id = await newLoan(h);
    const close = await h.call('PATCH', `/v1/loans/${id}/close`, undefined, {
      rawBody: 'carrier=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(close.status).toBe(415);
    expect(h.sandbox.inspectLoan(id)?.status).toBe('NOT_YET_RATED');
  });

  it('accepts application/json with a charset parameter', async () => {
    const h = await createHarness();
    const res = await h.call('POST', '/v1/loans', loanApplication(), {
      contentType: 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(201);
  });

  it('refuses a body that is not valid JSON with 400 invalid_json', async () => {
    const h = await createHarness();
    const res = await h.call('POST', '/v1/loans', undefined, { rawBody: '{"loanNumber": ' });

    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('invalid_json');
  });

  it('refuses a body over 1 MiB with 413 and accepts one of exactly 1 MiB', async () => {
    const h = await createHarness();
    const json = JSON.stringify(loanApplication());
    const exact = json + ' '.repeat(1024 * 1024 - Buffer.byteLength(json));
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);

    const ok = await h.call('POST', '/v1/loans', undefined, { rawBody: exact });
    expect(ok.status).toBe(201);

    const tooLarge = await h.call('POST', '/v1/loans', undefined, { rawBody: `${exact} ` });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error.code).toBe('payload_too_large');
  });
});

describe('injected faults', () => {
  it('answers the injected status once, then behaves normally', async () => {
    const h = await createHarness();
    const id = await newLoan(h);
    h.sandbox.injectFault({ operation: 'getLoan', status: 503 });

    expect((await h.call('GET', `/v1/loans/${id}`)).status).toBe(503);
    expect((await h.call('GET', `/v1/loans/${id}`)).status).toBe(200);
  });

  it('answers the injected body and headers, as many times as asked', async () => {
    const h = await createHarness();
    const id = await newLoan(h);
    h.sandbox.injectFault({
      operation: 'shopLoan',
      status: 502,
      body: 'upstream hiccup',
      headers: { 'Retry-After': '3' },
      times: 2,
    });
    await h.consent(id);

    for (let i = 0; i < 2; i++) {
      const res = await h.shop(id);
      expect(res.status).toBe(502);
      expect(res.text).toBe('upstream hiccup');
      expect(res.headers.get('retry-after')).toBe('3');
    }
    expect(h.sandbox.inspectLoan(id)?.status).toBe('NOT_YET_RATED');
    expect((await h.shop(id)).status).toBe(200);
  });

  it('affects only the named operation', async () => {
    const h = await createHarness();
    const id = await newLoan(h);
    h.sandbox.injectFault({ operation: 'getPolicy', status: 500 });

    expect((await h.call('GET', `/v1/loans/${id}`)).status).toBe(200);
    expect((await h.call('GET', `/v1/loans/${id}/display`)).status).toBe(200);
    expect((await h.call('GET', '/v1/policies/pol_1')).status).toBe(500);
    expect((await h.call('GET', '/v1/policies/pol_1')).status).toBe(404);
  });

  it('can fail the token request', async () => {
    const h = await createHarness();
    h.sandbox.injectFault({ operation: 'createToken', status: 500 });

    expect((await h.requestToken(DEFAULT_CREDENTIALS)).status).toBe(500);
    expect((await h.requestToken(DEFAULT_CREDENTIALS)).status).toBe(200);
  });
});
