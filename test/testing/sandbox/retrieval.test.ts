import { describe, expect, it } from 'vitest';
import { policyStanding } from '../../../src/core/policyStanding.js';
import { RETRIEVAL_USERS, SANDBOX_CARRIERS, SANDBOX_DEFAULTS } from '../../../src/testing/index.js';
import { expectCoverageMaps } from './coverageShapes.js';
import type { Harness } from './harness.js';
import { createHarness, DAY, DEFAULT_CREDENTIALS, HOUR, ORIGIN, START } from './harness.js';

const CARRIER = (SANDBOX_CARRIERS[2] as { name: string }).name;
const PASSWORD = SANDBOX_DEFAULTS.sandboxPassword;

async function startRetrieval(h: Harness) {
  const loanId = (await h.submitLoan({ loanNumber: 'LN-RET-1' })).json.id as string;
  const res = await h.call('PATCH', `/v1/policies/${loanId}/retrieve`);
  expect(res.status).toBe(200);
  return { loanId, retrievalUrl: res.json.retrievalUrl as string, res };
}

function submitForm(h: Harness, url: string, fields: Record<string, string>) {
  return h.sandbox.fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

const retrievedEvents = (h: Harness) =>
  h.sandbox.events.filter((e) => e.type === 'policy.retrieved');

async function policiesOf(h: Harness) {
  return Promise.all(
    retrievedEvents(h).map(
      async (e) => (await h.call('GET', `/v1/policies/${e.data.policyId}`)).json,
    ),
  );
}

describe('initiate policy retrieval', () => {
  it('answers the application id and a hosted retrieval URL', async () => {
    const h = await createHarness();
    const { loanId, res } = await startRetrieval(h);

    expect(res.json).toEqual({ id: loanId, retrievalUrl: expect.stringMatching(`^${ORIGIN}/`) });
  });

  it('serves a form that offers every sandbox carrier', async () => {
    const h = await createHarness();
    const { retrievalUrl } = await startRetrieval(h);

    const page = await h.sandbox.fetch(retrievalUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    for (const name of ['carrier', 'username', 'password'])
      expect(html).toContain(`name="${name}"`);
    for (const carrier of SANDBOX_CARRIERS) expect(html).toContain(carrier.name);
    for (const user of RETRIEVAL_USERS) expect(html).toContain(user);
  });
});

describe('hosted retrieval with sandbox credentials', () => {
  it('user_good retrieves one HO3 home policy and sends policy.retrieved', async () => {
    const h = await createHarness();
    const { loanId, retrievalUrl } = await startRetrieval(h);

    const res = await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Policy retrieved');

    expect(retrievedEvents(h)).toEqual([
      expect.objectContaining({
        objectType: 'policy',
        data: expect.objectContaining({ policyId: expect.any(String), loanId }),
      }),
    ]);
    const [policy] = await policiesOf(h);
    expect(policy).toMatchObject({ policyType: 'HO3', carrier: CARRIER, loanId });
    expect(policy.documents.length).toBeGreaterThan(0);
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toEqual([policy.id]);
  });

  it('user_good_flood retrieves a home and a flood policy, one event each', async () => {
    const h = await createHarness();
    const { loanId, retrievalUrl } = await startRetrieval(h);

    await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good_flood',
      password: PASSWORD,
    });

    expect(retrievedEvents(h)).toHaveLength(2);
    const policies = await policiesOf(h);
    expect(policies.map((p) => p.policyType)).toEqual(['HO3', 'FLOOD']);
    for (const p of policies) expect(p.loanId).toBe(loanId);
  });

  it.each(['user_good', 'user_good_flood', 'user_good_expensive'])(
    '%s retrieves active policies whose coverages are an array of one coverage map',
    async (username) => {
      const h = await createHarness();
      const { retrievalUrl } = await startRetrieval(h);
      await submitForm(h, retrievalUrl, { carrier: CARRIER, username, password: PASSWORD });

      const policies = await policiesOf(h);
      expect(policies.length).toBeGreaterThan(0);
      for (const p of policies) {
        expectCoverageMaps(p.coverages);
        expect(p.coverages[0].a).toEqual({ included: true, amount: expect.any(Number) });
        expect(p).toMatchObject({ cancellationDate: null, status: 'ACTIVE' });
      }
      expect(Object.keys(policies[0].coverages[0])).toHaveLength(10);
    },
  );

  it('user_good_cancelled retrieves one home policy cancelled as of today', async () => {
    const h = await createHarness();
    const { loanId, retrievalUrl } = await startRetrieval(h);

    const res = await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good_cancelled',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(retrievedEvents(h)).toHaveLength(1);
    const [policy] = await policiesOf(h);
    const today = new Date(START).toISOString().slice(0, 10);
    expect(policy).toMatchObject({
      policyType: 'HO3',
      carrier: CARRIER,
      loanId,
      cancellationDate: today,
      status: 'CANCELLED',
    });
    expect(policy.effectiveDate < today).toBe(true);
    expect(policyStanding(policy, h.sandbox.clock.now())).toBe('cancelled');
    expectCoverageMaps(policy.coverages);
  });

  it('user_good_cancelled dates the cancellation by the sandbox clock', async () => {
    const h = await createHarness();
    await h.advance(3 * DAY);
    // The harness token lives 24 h.
    h.token = await h.login(DEFAULT_CREDENTIALS);
    const { retrievalUrl } = await startRetrieval(h);

    await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good_cancelled',
      password: PASSWORD,
    });
    const [policy] = await policiesOf(h);
    expect(policy.cancellationDate).toBe(new Date(START + 3 * DAY).toISOString().slice(0, 10));
  });

  it('user_good_expensive retrieves a home policy with a high premium', async () => {
    const h = await createHarness();
    const { retrievalUrl } = await startRetrieval(h);

    await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good_expensive',
      password: PASSWORD,
    });

    const policies = await policiesOf(h);
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ policyType: 'HO3', premium: 12_850 });
  });

  it('delivers policy.retrieved to the webhook receiver', async () => {
    const h = await createHarness();
    const { loanId, retrievalUrl } = await startRetrieval(h);
    await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good',
      password: PASSWORD,
    });
    await h.sandbox.settle();

    expect(h.received.map((r) => r.event.type)).toEqual(['policy.retrieved']);
    expect(h.received[0]?.event.data).toMatchObject({ loanId, externalId: 'LN-RET-1' });
  });

  it.each([
    [
      'a wrong password',
      { carrier: CARRIER, username: 'user_good', password: 'wrong' },
      /could not sign in/,
    ],
    [
      'an unknown user',
      { carrier: CARRIER, username: 'user_bad', password: PASSWORD },
      /could not sign in/,
    ],
    [
      'no carrier',
      { carrier: '', username: 'user_good', password: PASSWORD },
      /Choose your insurance carrier/,
    ],
    [
      'an unknown carrier',
      { carrier: 'Nope Mutual', username: 'user_good', password: PASSWORD },
      /Choose your insurance carrier/,
    ],
  ])('refuses %s with a 401 page, an error and no event', async (_name, fields, message) => {
    const h = await createHarness();
    const { loanId, retrievalUrl } = await startRetrieval(h);

    const res = await submitForm(h, retrievalUrl, fields);
    const html = await res.text();
    expect(res.status).toBe(401);
    expect(html).toMatch(/role="alert"/);
    expect(html).toMatch(message);
    expect(html).not.toContain(PASSWORD);
    expect(h.sandbox.events).toEqual([]);
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toEqual([]);
  });

  it('lets the borrower try again after a failed attempt', async () => {
    const h = await createHarness();
    const { retrievalUrl } = await startRetrieval(h);

    await submitForm(h, retrievalUrl, { carrier: CARRIER, username: 'user_good', password: 'x' });
    const res = await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(retrievedEvents(h)).toHaveLength(1);
  });

  it('shows the done page and creates nothing when the form is posted again after completion', async () => {
    const h = await createHarness();
    const { loanId, retrievalUrl } = await startRetrieval(h);
    const fields = { carrier: CARRIER, username: 'user_good_flood', password: PASSWORD };
    await submitForm(h, retrievalUrl, fields);

    const again = await submitForm(h, retrievalUrl, { ...fields, username: 'user_good' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Policy retrieved');
    const reload = await h.sandbox.fetch(retrievalUrl);
    expect(await reload.text()).toContain('Policy retrieved');

    expect(retrievedEvents(h)).toHaveLength(2);
    expect(h.sandbox.inspectLoan(loanId)?.policyIds).toHaveLength(2);
  });

  it('expires the retrieval link after one hour (410)', async () => {
    const h = await createHarness();
    const { retrievalUrl } = await startRetrieval(h);

    await h.advance(HOUR - 1);
    expect((await h.sandbox.fetch(retrievalUrl)).status).toBe(200);
    await h.advance(1);
    expect((await h.sandbox.fetch(retrievalUrl)).status).toBe(410);
    const late = await submitForm(h, retrievalUrl, {
      carrier: CARRIER,
      username: 'user_good',
      password: PASSWORD,
    });
    expect(late.status).toBe(410);
    expect(h.sandbox.events).toEqual([]);
  });

  it('answers 410 for a retrieval link that was never issued', async () => {
    const h = await createHarness();
    const res = await h.sandbox.fetch(
      `${ORIGIN}/sandbox/retrieve/rt_00000000000000000000000000000000`,
    );
    expect(res.status).toBe(410);
  });

  it('offers the three documented sandbox users and user_good_cancelled', () => {
    expect([...RETRIEVAL_USERS]).toEqual([
      'user_good',
      'user_good_flood',
      'user_good_expensive',
      'user_good_cancelled',
    ]);
  });
});
