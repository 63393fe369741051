import { describe, expect, it } from 'vitest';
import { BIND_POLICY_FIRST_NAME, RATING_ERROR_FIRST_NAME } from '../../../src/testing/index.js';
import { createHarness, DAY, ORIGIN, QUOTE_DELAY_MS, START } from './harness.js';

const shoppedEvents = (h: { sandbox: { events: readonly { type: string }[] } }) =>
  h.sandbox.events.filter((e) => e.type === 'loan.shopped');

describe('consent', () => {
  it.each([
    ['consent', '/v1/loans/consent', 'consentRecorded'],
    ['general consent', '/v1/loans/consent/general', 'generalConsentRecorded'],
    ['TCPA consent', '/v1/loans/consent/tcpa', 'tcpaConsentRecorded'],
  ] as const)(
    'records %s and answers a consent record without a zone',
    async (_name, path, flag) => {
      const h = await createHarness();
      const id = (await h.submitLoan()).json.id as string;

      const res = await h.call('POST', path, {
        id,
        termsOfServiceId: 'tos-2026-01',
        email: 'borrower@example.com',
        phone: '207-555-0111',
      });

      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        consent: true,
        consentDateTime: new Date(START).toISOString().slice(0, 19),
        id,
        termsOfServiceId: 'tos-2026-01',
        email: 'borrower@example.com',
        phone: '207-555-0111',
      });
      expect(res.json.consentDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(h.sandbox.inspectLoan(id)?.[flag]).toBe(true);
    },
  );

  it('refuses a consent without termsOfServiceId or for an unknown application', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const missing = await h.call('POST', '/v1/loans/consent', { id });
    expect(missing.status).toBe(400);
    expect(missing.json.error.issues.map((i: { path: string }) => i.path)).toContain(
      'termsOfServiceId',
    );

    const unknown = await h.call('POST', '/v1/loans/consent', {
      id: 'ln_nobody',
      termsOfServiceId: 't',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('shop loan application', () => {
  it('refuses to shop without consent (409 consent_required) and starts nothing', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa'); // TCPA consent is not shopping consent

    const res = await h.shop(id);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'consent_required', consent: 'consent' });
    expect(h.sandbox.inspectLoan(id)?.status).toBe('NOT_YET_RATED');
    expect(h.sandbox.clock.pending()).toBe(0);
  });

  it('accepts general consent as consent to shop', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'general');

    const res = await h.shop(id);
    expect(res.status).toBe(200);
    expect(h.sandbox.inspectLoan(id)?.status).toBe('RC1_RATING');
  });

  it('starts quoting and echoes the status the loan had before (NOT_YET_RATED), with the hosted display URLs set', async () => {
    const h = await createHarness();
    const created = await h.submitLoan({ loanNumber: 'LN-55' });
    const id = created.json.id as string;
    await h.consent(id);

    const res = await h.shop(id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id,
      loanId: 'LN-55',
      status: 'NOT_YET_RATED',
      hostedDisplayUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/.+`)),
      shortHostedDisplayUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/.+`)),
      contactPageUrl: created.json.contactPageUrl,
    });

    const loan = await h.call('GET', `/v1/loans/${id}`);
    expect(loan.json).toMatchObject({
      status: 'RC1_RATING',
      hostedDisplayUrl: res.json.hostedDisplayUrl,
      shortHostedDisplayUrl: res.json.shortHostedDisplayUrl,
    });
  });

  it('echoes NOT_YET_RATED from a first shop while every read shows the live RC1_RATING', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id);

    expect((await h.shop(id)).json.status).toBe('NOT_YET_RATED');
    for (const path of [`/v1/loans/${id}`, `/v1/loans/${id}/shop`, `/v1/loans/${id}/display`]) {
      const read = await h.call('GET', path);
      expect(read.json.status, path).toBe('RC1_RATING');
    }
  });

  it('completes after the quoting delay: RC1_RATED and exactly one loan.shopped event', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id);
    await h.shop(id);

    await h.advance(QUOTE_DELAY_MS - 1);
    expect((await h.call('GET', `/v1/loans/${id}`)).json.status).toBe('RC1_RATING');
    expect(shoppedEvents(h)).toHaveLength(0);

    await h.advance(1);
    expect((await h.call('GET', `/v1/loans/${id}`)).json.status).toBe('RC1_RATED');
    expect(shoppedEvents(h)).toEqual([
      expect.objectContaining({
        type: 'loan.shopped',
        objectType: 'loan',
        occurredAt: new Date(START + QUOTE_DELAY_MS).toISOString(),
        data: expect.objectContaining({ loanId: id }),
      }),
    ]);
    const shopped = await h.call('GET', `/v1/loans/${id}/shop`);
    expect(shopped.json.status).toBe('RC1_RATED');
    expect(shopped.json.quotes.length).toBeGreaterThan(0);
  });

  it('does not start a second round when shopped again while quoting (echoing RC1_RATING)', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id);
    await h.shop(id);
    await h.advance(10_000);

    const again = await h.shop(id);
    expect(again.status).toBe(200);
    expect(again.json.status).toBe('RC1_RATING');

    // Completion stays on the first round's schedule, and happens once.
    await h.advance(QUOTE_DELAY_MS - 10_000);
    expect(h.sandbox.inspectLoan(id)?.status).toBe('RC1_RATED');
    await h.advance(DAY);
    expect(shoppedEvents(h)).toHaveLength(1);
    expect(h.sandbox.inspectLoan(id)?.status).toBe('RC1_RATED');
  });

  it('re-quotes a rated application as round 2 with a different quote set, echoing RC1_RATED', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const round1 = (await h.call('GET', `/v1/loans/${id}/shop`)).json.quotes as Array<{
      id: string;
    }>;

    const res = await h.shop(id);
    expect(res.json.status).toBe('RC1_RATED');
    expect((await h.call('GET', `/v1/loans/${id}`)).json.status).toBe('RC2_RATING');
    await h.advance(QUOTE_DELAY_MS);

    const shopped = await h.call('GET', `/v1/loans/${id}/shop`);
    expect(shopped.json.status).toBe('RC2_RATED');
    const round2Ids = (shopped.json.quotes as Array<{ id: string }>).map((q) => q.id);
    expect(round2Ids.length).toBeGreaterThan(0);
    for (const q of round1) expect(round2Ids).not.toContain(q.id);
  });

  it(`fails quoting for a primary borrower named ${RATING_ERROR_FIRST_NAME}, then allows shopping again`, async () => {
    const h = await createHarness();
    const id = await h.ratedLoan({ primary: { firstName: RATING_ERROR_FIRST_NAME } });

    const shopped = await h.call('GET', `/v1/loans/${id}/shop`);
    expect(shopped.json.status).toBe('RC1_ERRORED');
    expect(shopped.json.quotes).toEqual([]);
    expect(shoppedEvents(h)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ loanId: id }) }),
    ]);
    expect(h.sandbox.events.filter((e) => e.type === 'policy.bound')).toEqual([]);

    const again = await h.shop(id);
    expect(again.status).toBe(200);
    expect(again.json.status).toBe('RC1_ERRORED');
    expect(h.sandbox.inspectLoan(id)?.status).toBe('RC1_RATING');
    await h.advance(QUOTE_DELAY_MS);
    expect(h.sandbox.inspectLoan(id)?.status).toBe('RC1_ERRORED');
    expect(shoppedEvents(h)).toHaveLength(2);
  });

  it('serves the hosted display page and a short URL that redirects to it', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const { json: loan } = await h.call('GET', `/v1/loans/${id}`);

    const page = await h.call('GET', loan.hostedDisplayUrl, undefined, { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const display = await h.call('GET', `/v1/loans/${id}/display`);
    for (const q of display.json.quotes) expect(page.text).toContain(q.carrierName);

    const short = await h.sandbox.fetch(loan.shortHostedDisplayUrl, { redirect: 'manual' });
    expect(short.status).toBe(302);
    expect(new URL(short.headers.get('location') ?? '', ORIGIN).href).toBe(loan.hostedDisplayUrl);
  });
});

describe('close loan application', () => {
  it('closes with an empty body: success, CLOSED_LOST, and later shopping is refused', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();

    const res = await h.call('PATCH', `/v1/loans/${id}/close`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await h.call('GET', `/v1/loans/${id}`)).json.status).toBe('CLOSED_LOST');

    const shop = await h.shop(id);
    expect(shop.status).toBe(409);
    expect(shop.json.error.code).toBe('loan_closed');
  });

  it('records the insurance bought elsewhere', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    const externalInsurance = { carrier: 'Elsewhere Mutual', coverageA: 350_000, premium: 1410 };

    const res = await h.call('PATCH', `/v1/loans/${id}/close`, { externalInsurance });
    expect(res.json).toEqual({ success: true });
    expect(h.sandbox.inspectLoan(id)?.externalInsurance).toEqual(externalInsurance);
  });

  it('accepts an empty JSON object and closing twice', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    expect((await h.call('PATCH', `/v1/loans/${id}/close`, {})).status).toBe(200);
    expect((await h.call('PATCH', `/v1/loans/${id}/close`)).status).toBe(200);
    expect(h.sandbox.inspectLoan(id)?.status).toBe('CLOSED_LOST');
  });

  it('refuses external insurance without a carrier', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const res = await h.call('PATCH', `/v1/loans/${id}/close`, {
      externalInsurance: { premium: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toContain(
      'externalInsurance.carrier',
    );
    expect(h.sandbox.inspectLoan(id)?.status).toBe('NOT_YET_RATED');
  });

  it('cancels quoting in progress: no loan.shopped, no policy, ever', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan({ primary: { firstName: BIND_POLICY_FIRST_NAME } })).json
      .id as string;
    await h.consent(id);
    await h.shop(id);
    await h.advance(QUOTE_DELAY_MS / 2);

    expect((await h.call('PATCH', `/v1/loans/${id}/close`)).status).toBe(200);
    await h.advance(7 * DAY);

    expect(h.sandbox.inspectLoan(id)?.status).toBe('CLOSED_LOST');
    expect(h.sandbox.events).toEqual([]);
    expect(h.received).toEqual([]);
    expect(h.sandbox.inspectLoan(id)?.policyIds).toEqual([]);
    expect(h.sandbox.clock.pending()).toBe(0);
  });
});
