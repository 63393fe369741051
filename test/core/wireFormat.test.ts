import { describe, expect, it } from 'vitest';
import {
  ConsentRecordSchema,
  CurrentInsuranceSchema,
  LoanSchema,
  PolicyRetrievalSchema,
  PolicySchema,
  parseResponse,
  QuoteDisplaySchema,
  ShopResultSchema,
} from '../../src/core/index.js';

const quotes = () => [
  { id: 'q_1', premium: 1200 },
  { id: 'q_2', premium: 1400 },
];

describe('answers read as far as the documentation goes', () => {
  it('reads a submit answer that carries only the id', () => {
    expect(parseResponse(LoanSchema, { id: 'ln_1' })).toStrictEqual({
      id: 'ln_1',
      borrowers: [],
      currentInsurancePolicies: [],
      hostedDisplayUrl: '',
    });
  });

  it('reads a loan cut off after currentInsurancePolicies (no display URLs, no status)', () => {
    const loan = parseResponse(LoanSchema, {
      id: 'ln_1',
      loanNumber: 'LN-1',
      borrowers: [{ firstName: 'Ada', lastName: 'Lovelace' }],
      property: { address: { street: '1 Main St' }, dwellingInfo: { fireplaces: 1 } },
      currentInsurancePolicies: [],
    });
    expect(loan.status).toBeUndefined();
    expect(loan.property?.dwellingInfo).toEqual({ fireplaces: 1 });
  });

  it('reads a shop answer echoing NOT_YET_RATED, or none at all', () => {
    expect(parseResponse(ShopResultSchema, { id: 'ln_1', status: 'NOT_YET_RATED' }).status).toBe(
      'NOT_YET_RATED',
    );
    expect(parseResponse(ShopResultSchema, { id: 'ln_1' })).toStrictEqual({
      id: 'ln_1',
      hostedDisplayUrl: '',
    });
  });

  it('reads a consent answer without the record the spec shows', () => {
    expect(parseResponse(ConsentRecordSchema, {})).toStrictEqual({ termsOfServiceId: '' });
  });

  it('reads the current insurance answer, the stored policies, and an empty one', () => {
    const stored = { id: 'ln_1', currentInsurancePolicies: [{ carrier: 'Acme', coverages: {} }] };
    expect(parseResponse(CurrentInsuranceSchema, stored)).toStrictEqual(stored);
    expect(parseResponse(CurrentInsuranceSchema, {})).toStrictEqual({});
  });
});

describe('the retrieval URL, whose field name is not documented', () => {
  it.each(['retrievalUrl', 'url', 'hostedRetrievalUrl', 'retrieveUrl'])(
    'is read from %s and given as retrievalUrl',
    (field) => {
      const answer = { id: 'ln_1', [field]: 'https://retrieve.example/start/1' };
      expect(parseResponse(PolicyRetrievalSchema, answer).retrievalUrl).toBe(
        'https://retrieve.example/start/1',
      );
    },
  );

  it('prefers retrievalUrl, and refuses an answer without any URL, naming the field', () => {
    const both = { retrievalUrl: 'https://a.example/', url: 'https://b.example/' };
    expect(parseResponse(PolicyRetrievalSchema, both).retrievalUrl).toBe('https://a.example/');
    expect(() => parseResponse(PolicyRetrievalSchema, { id: 'ln_1', url: '' })).toThrow(
      '(retrievalUrl)',
    );
  });
});

describe('the selected quote of the display, however the service names it', () => {
  it.each([
    ['a selectedQuoteId', { selectedQuoteId: 'q_2' }],
    ['a selectedQuote id', { selectedQuote: 'q_2' }],
    ['a selectedQuote object', { selectedQuote: { id: 'q_2', premium: 1400 } }],
    ['a selectedQuote object naming quoteId', { selectedQuote: { quoteId: 'q_2' } }],
    ['a selected flag', { flag: 'selected' }],
    ['an isSelected flag', { flag: 'isSelected' }],
  ])('reads %s as selectedQuoteId and a selected flag on that quote', (_label, how) => {
    const { flag, ...rest } = how as { flag?: string };
    const list = quotes().map((q) => (flag && q.id === 'q_2' ? { ...q, [flag]: true } : q));
    const display = parseResponse(QuoteDisplaySchema, { id: 'ln_1', quotes: list, ...rest });
    expect(display.selectedQuoteId).toBe('q_2');
    expect(display.quotes.map((q) => [q.id, q.selected])).toEqual([
      ['q_1', false],
      ['q_2', true],
    ]);
    expect(display).not.toHaveProperty('selectedQuote');
  });

  it('keeps a selected quote given whole that is not among the display quotes', () => {
    const display = parseResponse(QuoteDisplaySchema, {
      id: 'ln_1',
      quotes: quotes(),
      selectedQuote: { id: 'q_9', carrierName: 'Chosen Mutual', premium: 1700 },
    });
    expect(display.selectedQuoteId).toBe('q_9');
    expect(display.quotes.at(-1)).toEqual({
      id: 'q_9',
      carrierName: 'Chosen Mutual',
      premium: 1700,
      selected: true,
    });
  });

  it('says no quote is selected when none is', () => {
    const display = parseResponse(QuoteDisplaySchema, { id: 'ln_1', quotes: quotes() });
    expect(display.selectedQuoteId).toBeNull();
    expect(display.quotes.every((q) => q.selected === false)).toBe(true);
  });
});

describe('a policy’s coverages', () => {
  const map = {
    a: { amount: 300_000, included: true },
    waterBackup: { amount: 0, included: false },
  };

  it('reads the documented array of coverage maps as is', () => {
    expect(parseResponse(PolicySchema, { id: 'pol_1', coverages: [map] }).coverages).toEqual([map]);
  });

  it('reads a single coverage map as a list of one', () => {
    expect(parseResponse(PolicySchema, { id: 'pol_1', coverages: map }).coverages).toEqual([map]);
  });

  it('reads a cancellation date and keeps status as given', () => {
    const policy = parseResponse(PolicySchema, {
      id: 'pol_1',
      status: 'SOMETHING_NEW',
      cancellationDate: '2026-10-01',
    });
    expect(policy).toMatchObject({ status: 'SOMETHING_NEW', cancellationDate: '2026-10-01' });
  });
});
