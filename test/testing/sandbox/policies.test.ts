import { describe, expect, it } from 'vitest';
import { policyStanding } from '../../../src/core/policyStanding.js';
import {
  BIND_POLICY_FIRST_NAME,
  createSandboxService,
  SANDBOX_DEFAULTS,
  SUPPLEMENTAL_LAST_NAMES,
} from '../../../src/testing/index.js';
import { CANCELLED_POLICY_FIRST_NAME } from '../../../src/testing/sandbox/shopping.js';
import { COVERAGE_KEYS, expectCoverageMaps } from './coverageShapes.js';
import type { Harness } from './harness.js';
import {
  createHarness,
  DAY,
  DEFAULT_CLIENT,
  DEFAULT_CREDENTIALS,
  ORIGIN,
  QUOTE_DELAY_MS,
  SECOND,
  START,
} from './harness.js';

interface WireDocument {
  id: string;
  name: string;
  type: string;
  url: string;
}

const boundEvents = (h: Harness) => h.sandbox.events.filter((e) => e.type === 'policy.bound');

async function boundPolicy(h: Harness, lastName = 'Stone', firstName = BIND_POLICY_FIRST_NAME) {
  const loanId = await h.ratedLoan({ primary: { firstName, lastName } });
  const [event] = boundEvents(h);
  const policyId = event?.data.policyId as string;
  return { loanId, policyId };
}

/** The sandbox clock's current day. */
const todayOf = (h: Harness) => new Date(h.sandbox.clock.now()).toISOString().slice(0, 10);

/** What a bound policy is made of, without what any two policies differ in (ids, standing). */
const boundTerms = (policy: Record<string, unknown>) => ({
  carrier: policy.carrier,
  policyType: policy.policyType,
  premium: policy.premium,
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
  termLength: policy.termLength,
  externalId: policy.externalId,
  coverages: policy.coverages,
  documents: (policy.documents as WireDocument[]).map((d) => d.type),
});

describe('sandbox bind behaviour', () => {
  it(`binds a policy when a ${BIND_POLICY_FIRST_NAME} application finishes quoting, after loan.shopped`, async () => {
    const h = await createHarness();
    const { loanId, policyId } = await boundPolicy(h);

    expect(h.sandbox.events.map((e) => e.type)).toEqual(['loan.shopped', 'policy.bound']);
    expect(boundEvents(h)[0]).toMatchObject({
      objectType: 'policy',
      data: { policyId: expect.any(String), loanId },
    });
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toEqual([policyId]);
  });

  it('binds nothing before quoting finishes', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } })).json
      .id as string;
    await h.consent(id);
    await h.shop(id);
    await h.advance(QUOTE_DELAY_MS - 1);
    expect(h.sandbox.events).toEqual([]);
  });

  it('binds no policy for an ordinary borrower, whatever the last name', async () => {
    const h = await createHarness();
    const loanId = await h.ratedLoan({ primary: { lastName: 'Flood' } });

    expect(h.sandbox.events.map((e) => e.type)).toEqual(['loan.shopped']);
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toEqual([]);
  });

  it('binds only once when a bound application is re-quoted', async () => {
    const h = await createHarness();
    const { loanId } = await boundPolicy(h);
    await h.shop(loanId);
    await h.advance(QUOTE_DELAY_MS);

    expect(boundEvents(h)).toHaveLength(1);
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toHaveLength(1);
  });

  it.each([
    ['Wind', 'WIND'],
    ['Dwelling_fire', 'DWELLING_FIRE'],
    ['Fire', 'DWELLING_FIRE'],
    ['Flood', 'FLOOD'],
    ['Earthquake', 'EARTHQUAKE'],
  ])('adds a supplemental %s policy of type %s with its own event', async (lastName, type) => {
    expect(SUPPLEMENTAL_LAST_NAMES[lastName]).toBe(type);
    const h = await createHarness();
    const { loanId } = await boundPolicy(h, lastName);
    const events = boundEvents(h);

    expect(h.sandbox.events.map((e) => e.type)).toEqual([
      'loan.shopped',
      'policy.bound',
      'policy.bound',
    ]);
    const [home, supplemental] = await Promise.all(
      events.map(async (e) => (await h.call('GET', `/v1/policies/${e.data.policyId}`)).json),
    );
    expect(home.policyType).toMatch(/^HO[35]$/);
    expect(supplemental).toMatchObject({ policyType: type, loanId });
    expect(supplemental.id).not.toBe(home.id);
  });

  it.each(Object.keys(SUPPLEMENTAL_LAST_NAMES))(
    'gives the supplemental %s policy coverages as an array of one coverage map',
    async (lastName) => {
      const h = await createHarness();
      await boundPolicy(h, lastName);
      const supplementalId = boundEvents(h)[1]?.data.policyId as string;

      const { coverages } = (await h.call('GET', `/v1/policies/${supplementalId}`)).json;
      expectCoverageMaps(coverages);
      expect(coverages[0].a).toEqual({ included: true, amount: expect.any(Number) });
      expect(coverages[0].a.amount).toBeGreaterThan(0);
    },
  );
});

describe('sandbox cancelled-policy behaviour', () => {
  it(`binds a policy cancelled as of today for a ${CANCELLED_POLICY_FIRST_NAME} application`, async () => {
    const h = await createHarness();
    const { loanId, policyId } = await boundPolicy(h, 'Stone', CANCELLED_POLICY_FIRST_NAME);

    expect(h.sandbox.events.map((e) => e.type)).toEqual(['loan.shopped', 'policy.bound']);
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toEqual([policyId]);
    const policy = (await h.call('GET', `/v1/policies/${policyId}`)).json;
    expect(todayOf(h)).toBe(new Date(START).toISOString().slice(0, 10));
    expect(policy).toMatchObject({ cancellationDate: todayOf(h), status: 'CANCELLED', loanId });
    expect(policyStanding(policy, h.sandbox.clock.now())).toBe('cancelled');
    expectCoverageMaps(policy.coverages);
  });

  it(`binds the same policy as ${BIND_POLICY_FIRST_NAME} apart from its cancellation`, async () => {
    const bind = await createHarness();
    const cancel = await createHarness();
    const active = (await bind.call('GET', `/v1/policies/${(await boundPolicy(bind)).policyId}`))
      .json;
    const { policyId } = await boundPolicy(cancel, 'Stone', CANCELLED_POLICY_FIRST_NAME);
    const cancelled = (await cancel.call('GET', `/v1/policies/${policyId}`)).json;

    expect(active).toMatchObject({ cancellationDate: null, status: 'ACTIVE' });
    expect(policyStanding(active, bind.sandbox.clock.now())).not.toBe('cancelled');
    expect(boundTerms(cancelled)).toEqual(boundTerms(active));
  });

  it('dates the cancellation by the sandbox clock', async () => {
    const h = await createHarness();
    await h.advance(10 * DAY);
    // The harness token lives 24 h.
    h.token = await h.login(DEFAULT_CREDENTIALS);
    const { policyId } = await boundPolicy(h, 'Stone', CANCELLED_POLICY_FIRST_NAME);

    const policy = (await h.call('GET', `/v1/policies/${policyId}`)).json;
    expect(policy.cancellationDate).toBe(new Date(START + 10 * DAY).toISOString().slice(0, 10));
    expect(policy.cancellationDate).toBe(todayOf(h));
  });

  it('cancels the supplemental policy bound with it too', async () => {
    const h = await createHarness();
    await boundPolicy(h, 'Flood', CANCELLED_POLICY_FIRST_NAME);

    const policies = await Promise.all(
      boundEvents(h).map(
        async (e) => (await h.call('GET', `/v1/policies/${e.data.policyId}`)).json,
      ),
    );
    expect(policies.map((p) => p.policyType)).toEqual([expect.stringMatching(/^HO[35]$/), 'FLOOD']);
    for (const p of policies) {
      expect(p).toMatchObject({ cancellationDate: todayOf(h), status: 'CANCELLED' });
      expect(policyStanding(p, h.sandbox.clock.now())).toBe('cancelled');
    }
  });
});

describe('get policy', () => {
  it('returns the bound policy with its loan, premium and signed documents, never cached', async () => {
    const h = await createHarness();
    const { loanId, policyId } = await boundPolicy(h);
    const quotes = (await h.call('GET', `/v1/loans/${loanId}/shop`)).json.quotes as Array<{
      premium: number;
      carrierName: string;
    }>;
    const cheapest = [...quotes].sort((a, b) => a.premium - b.premium)[0];

    const res = await h.call('GET', `/v1/policies/${policyId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toMatchObject({
      id: policyId,
      loanId,
      externalId: 'LN-2026-0001',
      carrier: cheapest?.carrierName,
      premium: cheapest?.premium,
      termLength: 12,
      status: 'ACTIVE',
    });
    expect(res.json.cancellationDate).toBeNull();
    expectCoverageMaps(res.json.coverages);
    const documents = res.json.documents as WireDocument[];
    expect(documents.map((d) => d.type)).toContain('eoi_document');
    // On the asset origin, as production's on its CDN: not on the API's origin.
    for (const doc of documents) {
      expect(doc.url).toMatch(
        new RegExp(
          `^${SANDBOX_DEFAULTS.assetOrigin}/sandbox/documents/${doc.id}\\?Expires=\\d+&Signature=[0-9a-f]+$`,
        ),
      );
    }
  });

  it("copies the chosen quote's coverage map as the one item of the policy's coverages", async () => {
    const h = await createHarness();
    const { loanId, policyId } = await boundPolicy(h);
    const quotes = (await h.call('GET', `/v1/loans/${loanId}/shop`)).json.quotes as Array<{
      premium: number;
      coverages: Record<string, unknown>;
    }>;
    const cheapest = [...quotes].sort((a, b) => a.premium - b.premium)[0];

    const { coverages } = (await h.call('GET', `/v1/policies/${policyId}`)).json;
    expectCoverageMaps(coverages);
    expect(coverages).toEqual([cheapest?.coverages]);
    expect(Object.keys(coverages[0])).toEqual(COVERAGE_KEYS);
  });

  it("answers 404 for an unknown policy and for another partner's policy", async () => {
    const h = await createHarness({
      sandbox: {
        clients: [
          DEFAULT_CLIENT,
          { clientId: 'other_client', clientSecret: 'other_secret', partnerId: 'other_partner' },
        ],
      },
    });
    const { policyId } = await boundPolicy(h);
    const other = await h.login({ client_id: 'other_client', client_secret: 'other_secret' });

    expect((await h.call('GET', '/v1/policies/pol_unknown')).status).toBe(404);
    const foreign = await h.call('GET', `/v1/policies/${policyId}`, undefined, { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('not_found');
  });
});

describe('signed document URLs', () => {
  async function documentUrl(h: Harness) {
    const { policyId } = await boundPolicy(h);
    const policy = await h.call('GET', `/v1/policies/${policyId}`);
    return (policy.json.documents as WireDocument[])[0]?.url as string;
  }

  it('downloads a PDF right after the policy is read, without a bearer token', async () => {
    const h = await createHarness();
    const url = await documentUrl(h);

    const res = await h.sandbox.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('expires exactly 120 s after the policy was read', async () => {
    const h = await createHarness();
    const url = await documentUrl(h);
    const readAt = h.sandbox.clock.now();
    expect(Number(new URL(url).searchParams.get('Expires'))).toBe((readAt + 120 * SECOND) / 1000);

    await h.advance(120 * SECOND - 1);
    expect((await h.sandbox.fetch(url)).status).toBe(200);
    await h.advance(1);
    const expired = await h.sandbox.fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).not.toContain('%PDF');
  });

  it('honours a configured URL lifetime and signs a fresh URL on every read', async () => {
    const h = await createHarness({ sandbox: { documentUrlTtlMs: 5 * SECOND } });
    const { policyId } = await boundPolicy(h);
    const first = (await h.call('GET', `/v1/policies/${policyId}`)).json.documents[0].url;

    await h.advance(5 * SECOND);
    expect((await h.sandbox.fetch(first)).status).toBe(403);
    const second = (await h.call('GET', `/v1/policies/${policyId}`)).json.documents[0].url;
    expect(second).not.toBe(first);
    expect((await h.sandbox.fetch(second)).status).toBe(200);
  });

  it('refuses a tampered signature, a tampered expiry, a missing signature and an unknown document', async () => {
    const h = await createHarness();
    const url = new URL(await documentUrl(h));
    const signature = url.searchParams.get('Signature') as string;
    const expires = Number(url.searchParams.get('Expires'));

    const flipped = new URL(url);
    flipped.searchParams.set(
      'Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    const later = new URL(url);
    later.searchParams.set('Expires', String(expires + 3600));
    const unsigned = new URL(url);
    unsigned.searchParams.delete('Signature');
    const otherDoc = new URL(url);
    otherDoc.pathname = '/sandbox/documents/doc_000000000000000000000000';

    for (const tampered of [flipped, later, unsigned, otherDoc]) {
      const res = await h.sandbox.fetch(tampered);
      expect(res.status, tampered.href).toBe(403);
    }
    // The genuine URL still works.
    expect((await h.sandbox.fetch(url)).status).toBe(200);
  });
});

describe('the asset origin', () => {
  it('B44: documents and carrier logos are served on the asset origin only: the API origin answers 404 for them', async () => {
    const h = await createHarness();
    const { loanId, policyId } = await boundPolicy(h);
    const url = new URL(
      (await h.call('GET', `/v1/policies/${policyId}`)).json.documents[0].url as string,
    );
    const logo = new URL(
      (await h.call('GET', `/v1/loans/${loanId}/shop`)).json.quotes[0].carrierLogoUrl as string,
    );
    expect([url.origin, logo.origin]).toEqual([
      SANDBOX_DEFAULTS.assetOrigin,
      SANDBOX_DEFAULTS.assetOrigin,
    ]);
    expect(h.sandbox.assetOrigin).toBe(SANDBOX_DEFAULTS.assetOrigin);
    expect((await h.sandbox.fetch(url)).status).toBe(200);
    expect((await h.sandbox.fetch(logo)).status).toBe(200);
    for (const asset of [url, logo]) {
      const onApi = new URL(`${asset.pathname}${asset.search}`, ORIGIN);
      expect((await h.sandbox.fetch(onApi)).status, onApi.pathname).toBe(404);
    }
    // Pages stay on the API's origin; the quote page may show logos from the asset origin.
    const { json: loan } = await h.call('GET', `/v1/loans/${loanId}`);
    expect(new URL(loan.hostedDisplayUrl).origin).toBe(ORIGIN);
    const page = await h.sandbox.fetch(loan.hostedDisplayUrl);
    expect(page.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: ${SANDBOX_DEFAULTS.assetOrigin};`,
    );
  });

  it('takes another asset origin, and refuses one that is not an origin', async () => {
    const h = await createHarness({ sandbox: { assetOrigin: 'http://127.0.0.1:4011' } });
    const { policyId } = await boundPolicy(h);
    const url: string = (await h.call('GET', `/v1/policies/${policyId}`)).json.documents[0].url;
    expect(url.startsWith('http://127.0.0.1:4011/sandbox/documents/')).toBe(true);
    expect((await h.sandbox.fetch(url)).status).toBe(200);
    for (const assetOrigin of [
      'cdn.sandbox.test',
      'https://cdn.sandbox.test/files',
      'ftp://x.test',
    ]) {
      expect(() => createSandboxService({ assetOrigin }), assetOrigin).toThrow(
        /assetOrigin must be an origin such as https:\/\/cdn\.sandbox\.test/,
      );
    }
  });
});
