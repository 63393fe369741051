import { describe, expect, it } from 'vitest';
import { BIND_POLICY_FIRST_NAME } from '../../../src/testing/index.js';
import type { ApiResponse, Harness } from './harness.js';
import { createHarness, DEFAULT_CLIENT, MINUTE, QUOTE_DELAY_MS, SECOND } from './harness.js';

const LIMIT = 100;
const WINDOW = MINUTE;

/** `n` GET /v1/loans/{id} requests; their statuses. */
async function getLoan(h: Harness, id: string, n: number, token?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    statuses.push((await h.call('GET', `/v1/loans/${id}`, undefined, { token })).status);
  }
  return statuses;
}

const only = (status: number, n: number) => Array.from({ length: n }, () => status);

function expectRateLimited(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.text).toBe('Rate limit exceeded');
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
}

describe('rate limit (100 requests per 60 s per partner)', () => {
  it('allows the 100th rate-limited request and refuses the 101st with 429 "Rate limit exceeded"', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string; // 1: submit
    await h.consent(id); // not limited
    expect((await h.shop(id)).status).toBe(200); // 2: shop
    expect(await getLoan(h, id, LIMIT - 2)).toEqual(only(200, LIMIT - 2)); // 3..100

    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));
    expectRateLimited(await h.shop(id));
    expectRateLimited(await h.call('POST', '/v1/loans', {}));
    expect(h.sandbox.stats().rateLimited).toBe(3);
  });

  it('leaves every other operation unlimited', async () => {
    const h = await createHarness();
    const loanId = await h.ratedLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } });
    const policyId = h.sandbox.events.find((e) => e.type === 'policy.bound')?.data.policyId;
    await h.consent(loanId, 'tcpa');
    const used = 2; // submit and shop
    expect(await getLoan(h, loanId, LIMIT - used)).toEqual(only(200, LIMIT - used));
    expectRateLimited(await h.call('GET', `/v1/loans/${loanId}`));

    for (let i = 0; i < 5; i++) {
      expect((await h.call('GET', `/v1/policies/${policyId}`)).status).toBe(200);
      expect((await h.call('GET', `/v1/loans/${loanId}/shop`)).status).toBe(200);
      expect((await h.call('GET', `/v1/loans/${loanId}/display`)).status).toBe(200);
      expect(
        (await h.call('POST', '/v1/loans/consent', { id: loanId, termsOfServiceId: 't' })).status,
      ).toBe(200);
      expect((await h.call('POST', '/v1/loans/call_me_now', { id: loanId })).status).toBe(200);
      expect((await h.call('PATCH', `/v1/policies/${loanId}/retrieve`)).status).toBe(200);
      const currentInsurance = { currentInsurancePolicies: [] };
      expect(
        (await h.call('PUT', `/v1/loans/${loanId}/current-insurance`, currentInsurance)).status,
      ).toBe(200);
    }
    expect(h.sandbox.stats().rateLimited).toBe(1);
  });

  it('frees a slot exactly 60 s after the request that took it (sliding window)', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string; // 1 request at t0
    await h.advance(30 * SECOND);
    expect(await getLoan(h, id, LIMIT - 1)).toEqual(only(200, LIMIT - 1)); // 99 at t0 + 30 s

    await h.advance(WINDOW - 30 * SECOND - 1); // t0 + 59.999 s
    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));

    await h.advance(1); // t0 + 60 s: the first request's slot is free, and only that one
    expect(await getLoan(h, id, 1)).toEqual([200]);
    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));

    await h.advance(30 * SECOND - 1); // t0 + 89.999 s
    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));
    await h.advance(1); // t0 + 90 s: the 99 taken at t0 + 30 s are free
    expect(await getLoan(h, id, LIMIT - 1)).toEqual(only(200, LIMIT - 1));
    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));
  });

  it('does not count refused requests against the window', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    expect(await getLoan(h, id, LIMIT - 1)).toEqual(only(200, LIMIT - 1)); // full at t0

    await h.advance(30 * SECOND);
    expect(await getLoan(h, id, 50)).toEqual(only(429, 50));
    expect(h.sandbox.stats().rateLimited).toBe(50);

    await h.advance(30 * SECOND); // t0 + 60 s: a whole fresh window, despite the refusals
    expect(await getLoan(h, id, LIMIT)).toEqual(only(200, LIMIT));
    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));
  });

  it('keeps partners apart: one partner at its limit does not slow another', async () => {
    const h = await createHarness({
      sandbox: {
        clients: [
          DEFAULT_CLIENT,
          { clientId: 'other_client', clientSecret: 'other_secret', partnerId: 'other_partner' },
          { clientId: 'platform', clientSecret: 'platform_secret', lenderPartnerIds: ['l1', 'l2'] },
        ],
      },
    });
    const other = await h.login({ client_id: 'other_client', client_secret: 'other_secret' });
    const lender1 = await h.login({
      client_id: 'platform',
      client_secret: 'platform_secret',
      partner_id: 'l1',
    });
    const lender2 = await h.login({
      client_id: 'platform',
      client_secret: 'platform_secret',
      partner_id: 'l2',
    });

    const mine = (await h.submitLoan()).json.id as string;
    expect(await getLoan(h, mine, LIMIT - 1)).toEqual(only(200, LIMIT - 1));
    expectRateLimited(await h.call('GET', `/v1/loans/${mine}`));

    const theirs = (await h.submitLoan({}, { token: other })).json.id as string;
    expect(await getLoan(h, theirs, LIMIT - 1, other)).toEqual(only(200, LIMIT - 1));
    expectRateLimited(await h.call('GET', `/v1/loans/${theirs}`, undefined, { token: other }));

    // Two lenders of one platform partner are two partners.
    const l1 = (await h.submitLoan({}, { token: lender1 })).json.id as string;
    expect(await getLoan(h, l1, LIMIT - 1, lender1)).toEqual(only(200, LIMIT - 1));
    expectRateLimited(await h.call('GET', `/v1/loans/${l1}`, undefined, { token: lender1 }));
    const l2 = (await h.submitLoan({}, { token: lender2 })).json.id as string;
    expect(await getLoan(h, l2, LIMIT - 1, lender2)).toEqual(only(200, LIMIT - 1));
  });

  it('keeps shopping quotes on schedule while the partner is limited', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id);
    await h.shop(id);
    await getLoan(h, id, LIMIT - 2);
    expectRateLimited(await h.call('GET', `/v1/loans/${id}`));

    await h.advance(QUOTE_DELAY_MS);
    expect((await h.call('GET', `/v1/loans/${id}/shop`)).json.status).toBe('RC1_RATED');
  });
});
