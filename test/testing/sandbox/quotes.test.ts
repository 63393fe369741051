import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARRIERS } from '../../../src/testing/index.js';
import { COVERAGE_KEYS } from './coverageShapes.js';
import type { Harness, LoanApplicationOverrides } from './harness.js';
import { createHarness, loanApplication } from './harness.js';

interface WireCoverage {
  included: boolean;
  amount: number;
}

interface WireQuote {
  id: string;
  carrierId: string;
  carrierName: string;
  policyType: string;
  premium: number;
  monthlyPremium: number;
  effectiveDate: string;
  coverages: Record<string, WireCoverage>;
  deductibles: Record<string, WireCoverage>;
  endorsements: Record<string, { included: boolean }>;
  selected?: boolean;
}

async function quotesOf(h: Harness, id: string): Promise<WireQuote[]> {
  const res = await h.call('GET', `/v1/loans/${id}/shop`);
  expect(res.status).toBe(200);
  return res.json.quotes;
}

const byPremium = (quotes: WireQuote[]) => [...quotes].sort((a, b) => a.premium - b.premium);
const carrierAndPremium = (quotes: WireQuote[]) =>
  quotes.map((q) => ({ carrier: q.carrierName, premium: q.premium }));
const terms = (quotes: WireQuote[]) =>
  quotes.map((q) => ({
    coverages: q.coverages,
    deductibles: q.deductibles,
    endorsements: q.endorsements,
  }));

describe('shopped loan quotes', () => {
  it('lists every quote of a rated application with carrier, premium and monthly premium', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const quotes = await quotesOf(h, id);
    const carriers = SANDBOX_CARRIERS.map((c) => c.name);

    expect(quotes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(quotes.map((q) => q.id)).size).toBe(quotes.length);
    for (const q of quotes) {
      expect(carriers).toContain(q.carrierName);
      expect(['HO3', 'HO5']).toContain(q.policyType);
      expect(q.premium).toBeGreaterThan(0);
      expect(q.monthlyPremium).toBeCloseTo(q.premium / 12, 2);
      expect(q.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('gives every quote all ten coverage keys, each { included, amount }, amount 0 when not included', async () => {
    const h = await createHarness();
    const quotes = [
      ...(await quotesOf(h, await h.ratedLoan({ loanNumber: 'LN-COV-1' }))),
      ...(await quotesOf(h, await h.ratedLoan({ loanNumber: 'LN-COV-2', loanAmount: 910_000 }))),
    ];

    for (const q of quotes) {
      expect(Object.keys(q.coverages)).toEqual(COVERAGE_KEYS);
      for (const [key, coverage] of Object.entries(q.coverages)) {
        expect(Object.keys(coverage).sort(), key).toEqual(['amount', 'included']);
        expect(typeof coverage.included, key).toBe('boolean');
        expect(coverage.amount, key).toBeGreaterThanOrEqual(0);
        if (coverage.included) expect(coverage.amount, key).toBeGreaterThan(0);
        else expect(coverage.amount, key).toBe(0);
      }
      for (const key of ['a', 'b', 'c', 'd', 'e', 'f'])
        expect(q.coverages[key]?.included).toBe(true);
    }
    const optional = quotes.flatMap((q) => COVERAGE_KEYS.slice(6).map((key) => q.coverages[key]));
    expect(optional.some((c) => c?.included)).toBe(true);
    expect(optional.some((c) => !c?.included)).toBe(true);
  });

  it('gives every quote dwelling and wind deductibles and flood-zone and swimming-pool endorsements', async () => {
    const h = await createHarness();
    const quotes = await quotesOf(h, await h.ratedLoan());

    for (const q of quotes) {
      expect(Object.keys(q.deductibles).sort()).toEqual(['dwelling', 'wind']);
      for (const d of Object.values(q.deductibles)) {
        expect(d).toEqual({ included: expect.any(Boolean), amount: expect.any(Number) });
      }
      expect(q.endorsements).toEqual({
        floodZone: { included: expect.any(Boolean) },
        swimmingPool: { included: expect.any(Boolean) },
      });
    }
  });

  it('has no quotes before the application is shopped', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    const res = await h.call('GET', `/v1/loans/${id}/shop`);

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      status: 'NOT_YET_RATED',
      hostedDisplayUrl: '',
      quotes: [],
    });
  });

  it('gives the same quotes to the same loan number, ZIP code and amount in two separate sandboxes', async () => {
    const overrides: LoanApplicationOverrides = { loanNumber: 'LN-DET-1', loanAmount: 410_000 };
    const a = await createHarness();
    const b = await createHarness();
    const quotesA = await quotesOf(a, await a.ratedLoan(overrides));
    const quotesB = await quotesOf(b, await b.ratedLoan(overrides));

    expect(carrierAndPremium(quotesB)).toEqual(carrierAndPremium(quotesA));
    expect(quotesB.map((q) => q.id)).toEqual(quotesA.map((q) => q.id));
    expect(terms(quotesB)).toEqual(terms(quotesA));
  });

  it('keeps quotes stable for any loan number, ZIP code and amount (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
        fc.stringMatching(/^\d{5}$/),
        fc.integer({ min: 1, max: 5_000_000 }),
        async (loanNumber, zip, loanAmount) => {
          const address = { ...loanApplication().property.address, zip };
          const overrides = { loanNumber, loanAmount, property: { address } };
          const a = await createHarness({ webhook: false });
          const b = await createHarness({ webhook: false });
          const quotesA = await quotesOf(a, await a.ratedLoan(overrides));
          const quotesB = await quotesOf(b, await b.ratedLoan(overrides));
          expect(carrierAndPremium(quotesB)).toEqual(carrierAndPremium(quotesA));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('quotes a different loan number differently', async () => {
    const h = await createHarness();
    const first = await quotesOf(h, await h.ratedLoan({ loanNumber: 'LN-A-1' }));
    const second = await quotesOf(h, await h.ratedLoan({ loanNumber: 'LN-B-2' }));
    expect(carrierAndPremium(second)).not.toEqual(carrierAndPremium(first));
  });
});

describe('quote display', () => {
  it('shows the three cheapest quotes, cheapest first, with nothing selected', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const all = await quotesOf(h, id);

    const res = await h.call('GET', `/v1/loans/${id}/display`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, status: 'RC1_RATED', selectedQuoteId: null });
    expect(res.json.hostedDisplayUrl).not.toBe('');
    const shown = res.json.quotes as WireQuote[];
    expect(shown.map((q) => q.id)).toEqual(
      byPremium(all)
        .slice(0, 3)
        .map((q) => q.id),
    );
    expect(shown.every((q) => q.selected === false)).toBe(true);
  });

  it('adds the selected quote when it is not among the cheapest, and marks it', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const sorted = byPremium(await quotesOf(h, id));
    const priciest = sorted[sorted.length - 1] as WireQuote;

    const select = await h.call('POST', `/v1/loans/${id}/quotes/${priciest.id}/select`);
    expect(select.status).toBe(200);
    expect(select.json).toEqual({ quoteId: priciest.id, success: true });

    const display = await h.call('GET', `/v1/loans/${id}/display`);
    const shown = display.json.quotes as WireQuote[];
    expect(display.json.selectedQuoteId).toBe(priciest.id);
    expect(shown.map((q) => q.id)).toEqual([...sorted.slice(0, 3).map((q) => q.id), priciest.id]);
    expect(shown.filter((q) => q.selected).map((q) => q.id)).toEqual([priciest.id]);
    expect(h.sandbox.inspectLoan(id)?.selectedQuoteId).toBe(priciest.id);
  });

  it('marks a selected quote among the cheapest without adding a row', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const second = byPremium(await quotesOf(h, id))[1] as WireQuote;

    await h.call('POST', `/v1/loans/${id}/quotes/${second.id}/select`);
    const display = await h.call('GET', `/v1/loans/${id}/display`);

    expect(display.json.quotes).toHaveLength(3);
    expect((display.json.quotes as WireQuote[]).map((q) => q.selected)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('always shows the cheapest three plus the selection, whichever quote is selected (property)', async () => {
    const h = await createHarness({ webhook: false });
    const id = await h.ratedLoan();
    const all = await quotesOf(h, id);
    const cheapest = byPremium(all)
      .slice(0, 3)
      .map((q) => q.id);

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), async (quote) => {
        await h.call('POST', `/v1/loans/${id}/quotes/${quote.id}/select`);
        const shown = (await h.call('GET', `/v1/loans/${id}/display`)).json.quotes as WireQuote[];
        const ids = shown.map((q) => q.id);
        expect(ids.slice(0, 3)).toEqual(cheapest);
        expect(ids).toContain(quote.id);
        expect(ids.length).toBe(cheapest.includes(quote.id) ? 3 : 4);
        expect(shown.filter((q) => q.selected).map((q) => q.id)).toEqual([quote.id]);
      }),
      { numRuns: 25 },
    );
  });
});

describe('select quote', () => {
  it('answers 404 for a quote the application does not have', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const res = await h.call('POST', `/v1/loans/${id}/quotes/q9_0_nope/select`);

    expect(res.status).toBe(404);
    expect(h.sandbox.inspectLoan(id)?.selectedQuoteId).toBeNull();
  });

  it('answers 409 not_rated before quoting has finished', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id);

    const before = await h.call('POST', `/v1/loans/${id}/quotes/q1_0_x/select`);
    expect(before.status).toBe(409);
    expect(before.json.error.code).toBe('not_rated');

    await h.shop(id);
    const during = await h.call('POST', `/v1/loans/${id}/quotes/q1_0_x/select`);
    expect(during.status).toBe(409);
    expect(during.json.error.code).toBe('not_rated');
  });

  it('refuses a selection on a closed application', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const [quote] = await quotesOf(h, id);
    await h.call('PATCH', `/v1/loans/${id}/close`);

    const res = await h.call('POST', `/v1/loans/${id}/quotes/${quote?.id}/select`);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('loan_closed');
  });

  it('forgets the selection when the application is re-quoted', async () => {
    const h = await createHarness();
    const id = await h.ratedLoan();
    const [quote] = await quotesOf(h, id);
    await h.call('POST', `/v1/loans/${id}/quotes/${quote?.id}/select`);

    await h.shop(id);
    await h.advance(40_000);
    const display = await h.call('GET', `/v1/loans/${id}/display`);
    expect(display.json.status).toBe('RC2_RATED');
    expect(display.json.selectedQuoteId).toBeNull();
  });
});
