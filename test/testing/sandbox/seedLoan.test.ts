import { describe, expect, it } from 'vitest';
import { createSandboxService } from '../../../src/testing/index.js';
import { createHarness, DEFAULT_CLIENT, ORIGIN, QUOTE_DELAY_MS } from './harness.js';

describe('sandbox.seedLoan', () => {
  it('creates a valid application the client can read and shop at once, without an API call', async () => {
    const h = await createHarness();

    const loan = await h.sandbox.seedLoan({ primaryBorrower: { firstName: 'Bind_policy' } });

    expect(loan.status).toBe('NOT_YET_RATED');
    expect(h.requests('submitLoanApplication')).toBe(0);
    expect(h.sandbox.inspectLoan(loan.id)).toMatchObject({
      consentRecorded: true,
      tcpaConsentRecorded: false,
    });
    const read = await h.call('GET', `/v1/loans/${loan.id}`);
    expect(read.json).toMatchObject({ id: loan.id, loanNumber: 'LN-100200' });
    expect((await h.shop(loan.id)).status).toBe(200);
    await h.advance(QUOTE_DELAY_MS);
    expect(h.sandbox.events.map((e) => e.type)).toEqual(['loan.shopped', 'policy.bound']);
  });

  it('records no consent when asked, so shopping is refused, and TCPA consent when asked', async () => {
    const h = await createHarness();

    const bare = await h.sandbox.seedLoan({}, { consent: false });
    const callable = await h.sandbox.seedLoan({}, { tcpaConsent: true });

    expect((await h.shop(bare.id)).json).toMatchObject({ error: { code: 'consent_required' } });
    expect(h.sandbox.inspectLoan(callable.id)).toMatchObject({
      consentRecorded: true,
      tcpaConsentRecorded: true,
    });
  });

  it("files the loan under the chosen client's partner, invisible to the others", async () => {
    const other = { clientId: 'other_client', clientSecret: 'other_secret', partnerId: 'other' };
    const h = await createHarness({ sandbox: { clients: [DEFAULT_CLIENT, other] } });

    const loan = await h.sandbox.seedLoan({}, { clientId: 'other_client' });

    expect((await h.call('GET', `/v1/loans/${loan.id}`)).status).toBe(404);
    await expect(h.sandbox.seedLoan({}, { clientId: 'nobody' })).rejects.toThrow(
      'Unknown sandbox client nobody',
    );
  });

  it('refuses an application the service would refuse, naming the field', async () => {
    const sandbox = createSandboxService({ clock: 'manual' });

    await expect(sandbox.seedLoan({ loanNumber: '' })).rejects.toMatchObject({
      code: 'validation_error',
    });
  });

  it('puts hosted pages on the given origin', async () => {
    const h = await createHarness();

    const loan = await h.sandbox.seedLoan({}, { origin: ORIGIN });

    expect(loan.contactPageUrl).toBe(`${ORIGIN}/sandbox/contact/${loan.id}`);
  });
});

describe('sandbox.whenQuoting', () => {
  it('waits for the shop to reach the sandbox, so advancing the clock then completes quoting', async () => {
    const h = await createHarness();
    const loan = await h.sandbox.seedLoan();
    let quoting = false;
    const waited = h.sandbox.whenQuoting(loan.id).then(() => {
      quoting = true;
    });

    await h.advance(QUOTE_DELAY_MS); // too early: nothing is being quoted yet
    expect(quoting).toBe(false);
    expect(h.sandbox.events).toEqual([]);

    await h.shop(loan.id);
    await waited;
    await h.advance(QUOTE_DELAY_MS);
    expect(h.sandbox.events.map((e) => e.type)).toEqual(['loan.shopped']);
  });

  it('resolves at once while the loan is being quoted', async () => {
    const h = await createHarness();
    const loan = await h.sandbox.seedLoan();
    await h.shop(loan.id);

    await expect(h.sandbox.whenQuoting(loan.id)).resolves.toBeUndefined();
  });

  it('fails with the reason when the sandbox refuses that shop', async () => {
    const h = await createHarness();
    const loan = await h.sandbox.seedLoan({}, { consent: false });
    const waited = h.sandbox.whenQuoting(loan.id);

    await h.shop(loan.id);

    await expect(waited).rejects.toThrow(
      `The sandbox refused to shop loan ${loan.id}: consent_required`,
    );
  });
});
