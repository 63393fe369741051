import { describe, expect, it } from 'vitest';
import {
  ConsentRecordSchema,
  InsuranceError,
  LoanSchema,
  PolicyRetrievalSchema,
  PolicySchema,
  parseResponse,
  QuoteDisplaySchema,
  QuoteSchema,
  ServiceError,
  ShoppedLoanSchema,
  ShopResultSchema,
  SuccessResultSchema,
  TokenResponseSchema,
} from '../../src/core/index.js';

const loanJson = () => ({
  id: 'loan_1',
  loanNumber: 'LN-1',
  externalId: 'crm-1',
  status: 'RC1_RATED',
  borrowers: [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      isPrimary: true,
      email: 'ada@example.com',
      phone: '5125550100',
      currentAddress: { street: '1 Main', city: 'Austin', state: 'TX', zip: '78701' },
      creditScore: 800, // unknown nested field
    },
  ],
  property: {
    address: { street: '1 Main', city: 'Austin', state: 'TX', zip: '78701', geo: [1, 2] },
    yearBuilt: 1999,
  },
  currentInsurancePolicies: [{ carrier: 'Acme', surprise: true }],
  hostedDisplayUrl: 'https://display.example/l/1',
  shortHostedDisplayUrl: null,
  contactPageUrl: 'https://display.example/c/1',
  closingDate: null,
  loanAmount: 350_000,
  loanPurpose: 'CONSTRUCTION PERM',
  loanType: 'MORTGAGE',
  riskTier: 'B', // field from a later version
});

/** Calls parseResponse and returns the ServiceError it must throw. */
function parseError(schema: Parameters<typeof parseResponse>[0], value: unknown): ServiceError {
  try {
    parseResponse(schema, value);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected parseResponse to throw');
}

describe('parseResponse with LoanSchema', () => {
  it('lets unknown fields pass through at the top level and nested, untouched', () => {
    const json = loanJson();
    const out = parseResponse(LoanSchema, json);
    // `null` means "not known": those two fields are left out.
    const { shortHostedDisplayUrl: _short, closingDate: _closing, ...known } = json;
    expect(out).toStrictEqual(known);
    expect(out.riskTier).toBe('B');
    expect((out.borrowers[0] as Record<string, unknown> | undefined)?.creditScore).toBe(800);
    expect(out.property?.yearBuilt).toBe(1999);
  });

  it('parses a status value added by a later version (RC3_RATING)', () => {
    expect(parseResponse(LoanSchema, { ...loanJson(), status: 'RC3_RATING' }).status).toBe(
      'RC3_RATING',
    );
  });

  it('accepts a loanPurpose value it does not know', () => {
    expect(parseResponse(LoanSchema, { ...loanJson(), loanPurpose: 'TIMESHARE' }).loanPurpose).toBe(
      'TIMESHARE',
    );
  });

  it('fills defaults for missing optional fields', () => {
    const {
      currentInsurancePolicies: _a,
      hostedDisplayUrl: _b,
      shortHostedDisplayUrl: _c,
      contactPageUrl: _d,
      closingDate: _e,
      loanAmount: _f,
      loanPurpose: _g,
      loanType: _h,
      externalId: _i,
      ...rest
    } = loanJson();
    const out = parseResponse(LoanSchema, rest);
    expect(out.currentInsurancePolicies).toEqual([]);
    expect(out.hostedDisplayUrl).toBe('');
    expect(out.shortHostedDisplayUrl).toBeUndefined();
    expect(out.contactPageUrl).toBeUndefined();
  });

  it('turns a loan without id into ServiceError 502 invalid_response naming the field', () => {
    const { id: _omit, ...noId } = loanJson();
    const error = parseError(LoanSchema, noId);
    expect(error).toBeInstanceOf(InsuranceError);
    expect(error.code).toBe('service_error');
    expect(error.serviceCode).toBe('invalid_response');
    expect(error.status).toBe(502);
    expect(error.message).toBe('Unexpected response from the service (id)');
  });

  it.each([
    ['a numeric id', { id: 42 }],
    ['an id that could not be put in a path', { id: '../loans' }],
    ['a null id', { id: null }],
  ])('refuses %s, naming the field', (_label, patch) => {
    const error = parseError(LoanSchema, { ...loanJson(), ...patch });
    expect(error.serviceCode).toBe('invalid_response');
    expect(error.message).toBe('Unexpected response from the service (id)');
  });

  it('reads what it can of the other fields and leaves out what it cannot, keeping the loan', () => {
    const out = parseResponse(LoanSchema, {
      ...loanJson(),
      loanNumber: 4417,
      loanAmount: '350000.00',
      status: null,
      property: 'home',
      borrowers: [{ ...loanJson().borrowers[0], isPrimary: 'yes' }, 'not a borrower'],
    });
    expect(out.loanNumber).toBe('4417');
    expect(out.loanAmount).toBe(350_000);
    expect(out).not.toHaveProperty('status');
    expect(out).not.toHaveProperty('property');
    expect(out.borrowers).toHaveLength(1);
    expect(out.borrowers[0]).not.toHaveProperty('isPrimary');
  });

  it.each([
    ['null', null],
    ['a string', 'Internal Server Error'],
    ['a number', 502],
  ])('refuses a body that is %s with "(body)" in the message', (_label, body) => {
    const error = parseError(LoanSchema, body);
    expect(error.status).toBe(502);
    expect(error.message).toBe('Unexpected response from the service (body)');
  });

  it('refuses an array body (valibot reads it as an object missing every field)', () => {
    const error = parseError(LoanSchema, []);
    expect(error.status).toBe(502);
    expect(error.serviceCode).toBe('invalid_response');
  });

  it('never copies response values into the error message', () => {
    const error = parseError(LoanSchema, {
      ...loanJson(),
      id: 'signed?X-Amz-Signature=abc' as unknown as number,
      loanNumber: 7,
    });
    expect(error.message).not.toContain('Signature');
  });
});

describe('parseResponse with the quote schemas', () => {
  const quote = () => ({
    id: 'q1',
    carrierId: 'c1',
    carrierName: 'Acme',
    carrierLogoUrl: null,
    agentBridgeLink: 'https://agent.example/q1',
    policyType: 'HO3',
    premium: 1200,
    monthlyPremium: 100,
    effectiveDate: '2026-12-15',
    coverages: { a: { included: true, amount: 300_000 } },
    deductibles: { wind: { included: true, amount: 1000 } },
    endorsements: { floodZone: { included: false } },
    newField: { nested: [1, 2, 3] },
  });

  it('QuoteSchema keeps every field including new ones (newField), leaving out nulls', () => {
    const { carrierLogoUrl: _null, ...known } = quote();
    expect(parseResponse(QuoteSchema, quote())).toStrictEqual(known);
  });

  it('QuoteSchema refuses a quote without id, and reads a premium sent as text', () => {
    const { id: _omit, ...noId } = quote();
    expect(parseError(QuoteSchema, noId).message).toContain('(id)');
    expect(parseResponse(QuoteSchema, { ...quote(), premium: '1200.00' }).premium).toBe(1200);
    expect(parseResponse(QuoteSchema, { ...quote(), premium: 'call us' })).not.toHaveProperty(
      'premium',
    );
  });

  it('QuoteDisplaySchema keeps quote fields, unknown fields and the selected quote', () => {
    const json = {
      id: 'loan_1',
      status: 'RC2_RATED',
      hostedDisplayUrl: 'https://display.example/l/1',
      contactPageUrl: null,
      selectedQuoteId: 'q1',
      quotes: [{ ...quote(), selected: true }],
      banner: 'new',
    };
    const out = parseResponse(QuoteDisplaySchema, json);
    const { contactPageUrl: _null, ...known } = json;
    const { carrierLogoUrl: _logo, ...quoteKnown } = json.quotes[0] as ReturnType<typeof quote>;
    expect(out).toStrictEqual({ ...known, quotes: [{ ...quoteKnown, selected: true }] });
    expect(out.quotes[0]?.newField).toEqual({ nested: [1, 2, 3] });
  });

  it('QuoteDisplaySchema defaults quotes to [], hostedDisplayUrl to "" and the selection to null', () => {
    const out = parseResponse(QuoteDisplaySchema, { id: 'loan_1', status: 'RC1_RATING' });
    expect(out.quotes).toEqual([]);
    expect(out.hostedDisplayUrl).toBe('');
    expect(out.selectedQuoteId).toBeNull();
  });

  it('QuoteDisplaySchema drops a quote it cannot read, keeping the others', () => {
    const out = parseResponse(QuoteDisplaySchema, {
      id: 'l',
      status: 'RC1_RATED',
      quotes: [quote(), { carrierName: 'x' }, null, 'q9'],
    });
    expect(out.quotes.map((q) => q.id)).toEqual(['q1']);
  });

  it('ShoppedLoanSchema and ShopResultSchema parse the documented shapes', () => {
    const shop = {
      id: 'loan_1',
      loanId: 'LN-1',
      status: 'RC1_RATING',
      hostedDisplayUrl: 'https://d.example/1',
      shortHostedDisplayUrl: 'https://d.example/s/1',
    };
    expect(parseResponse(ShopResultSchema, shop)).toStrictEqual(shop);
    expect(parseResponse(ShoppedLoanSchema, { ...shop, quotes: [quote()] }).quotes).toHaveLength(1);
    expect(parseResponse(ShoppedLoanSchema, shop).quotes).toEqual([]);
  });
});

describe('parseResponse with PolicySchema', () => {
  it('defaults documents to [] and keeps the other fields', () => {
    const json = {
      id: 'pol_1',
      carrier: 'Acme',
      premium: 1200,
      coverages: [{ a: { included: true, amount: 300_000 } }],
      loanId: null,
    };
    const { loanId: _null, ...known } = json;
    expect(parseResponse(PolicySchema, json)).toStrictEqual({ ...known, documents: [] });
  });

  it('defaults a document name and type, keeps its signed url and unknown fields', () => {
    const out = parseResponse(PolicySchema, {
      id: 'pol_1',
      documents: [{ id: 'd1', url: 'https://docs.example/d1?Expires=1', size: 10 }],
    });
    expect(out.documents).toStrictEqual([
      {
        id: 'd1',
        name: 'Document',
        type: 'document',
        url: 'https://docs.example/d1?Expires=1',
        size: 10,
      },
    ]);
  });

  it('leaves out a document without a url (not generated yet), keeping the policy and the others', () => {
    const out = parseResponse(PolicySchema, {
      id: 'pol_1',
      documents: [
        { id: 'd1', url: 'https://docs.example/d1?Signature=s3cr3t' },
        { id: 'd2', url: null },
        { id: 3, name: 'Declarations', url: 'https://docs.example/d3' },
      ],
    });
    expect(out.documents.map((d) => d.id)).toEqual(['d1', '3']);
  });
});

describe('parseResponse with the small result schemas', () => {
  it('TokenResponseSchema reads an expires_in sent as text as the number', () => {
    expect(
      parseResponse(TokenResponseSchema, { access_token: 'eyJ.a.b', expires_in: '86400' }),
    ).toStrictEqual({ access_token: 'eyJ.a.b', expires_in: 86_400 });
  });

  it('TokenResponseSchema keeps token_type and unknown fields', () => {
    const json = { access_token: 'eyJ.a.b', expires_in: 86400, token_type: 'Bearer', scope: 'x' };
    expect(parseResponse(TokenResponseSchema, json)).toStrictEqual(json);
  });

  it.each([
    ['an empty access_token', { access_token: '', expires_in: 86400 }, 'access_token'],
    ['a missing access_token', { expires_in: 86400 }, 'access_token'],
    ['an expires_in that is no number', { access_token: 't', expires_in: 'a day' }, 'expires_in'],
    ['a missing expires_in', { access_token: 't' }, 'expires_in'],
  ])('TokenResponseSchema refuses %s', (_label, json, where) => {
    const error = parseError(TokenResponseSchema, json);
    expect(error.message).toBe(`Unexpected response from the service (${where})`);
  });

  it('ConsentRecordSchema defaults termsOfServiceId and keeps the zone-less timestamp', () => {
    const out = parseResponse(ConsentRecordSchema, {
      consent: true,
      consentDateTime: '2026-11-22T03:00:00',
      id: 'loan_1',
      email: 'a@b.example',
    });
    expect(out).toStrictEqual({
      consent: true,
      consentDateTime: '2026-11-22T03:00:00',
      id: 'loan_1',
      termsOfServiceId: '',
      email: 'a@b.example',
    });
  });

  it('SuccessResultSchema keeps quoteId and takes an answer without success (a 2xx is the success)', () => {
    expect(parseResponse(SuccessResultSchema, { success: true, quoteId: 'q1' })).toStrictEqual({
      success: true,
      quoteId: 'q1',
    });
    expect(parseResponse(SuccessResultSchema, {})).toStrictEqual({});
    expect(parseResponse(SuccessResultSchema, { success: 'true' })).toStrictEqual({
      success: true,
    });
    expect(parseResponse(SuccessResultSchema, { success: 'yes' })).toStrictEqual({});
  });

  it('PolicyRetrievalSchema requires id and retrievalUrl', () => {
    const json = { id: 'loan_1', retrievalUrl: 'https://retrieve.example/1' };
    expect(parseResponse(PolicyRetrievalSchema, json)).toStrictEqual(json);
    expect(parseError(PolicyRetrievalSchema, { id: 'loan_1' }).message).toContain('(retrievalUrl)');
  });
});
