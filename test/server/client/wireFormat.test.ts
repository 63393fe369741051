import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutcomeUnknownError } from '../../../src/core/errors/OutcomeUnknownError.js';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import {
  BASE_URL,
  captureLogger,
  clientOptions,
  createFakeService,
  json,
  START,
  text,
} from './fakeService.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const application = {
  loanNumber: 'LN-1',
  borrowers: [],
  property: { address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
} as never;

describe('upstream routes a host overrides', () => {
  it('sends an operation, and the token request, where the host says the service answers', async () => {
    const service = createFakeService();
    service.setDefault('unknown', () => json({ id: 'ln_1', quotes: [] }));
    const client = createServiceClient(
      clientOptions(service, {
        routes: {
          getQuoteDisplay: '/v1/loans/{loanId}/quotes/display',
          submitLoanApplication: 'POST /v1/loans/application',
        },
      }),
    );
    await expect(
      client.call('getQuoteDisplay', { params: { loanId: 'ln_1' } }),
    ).resolves.toMatchObject({ id: 'ln_1' });
    await client.call('submitLoanApplication', { body: application });
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/auth/token',
      'GET /v1/loans/ln_1/quotes/display',
      'POST /v1/loans/application',
    ]);
  });

  it('checks the ids of an overridden path like any other', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { routes: { getLoan: '/v2/applications/{loanId}' } }),
    );
    await expect(client.call('getLoan', { params: { loanId: '../x' } })).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect(service.requests).toHaveLength(0);
  });

  it('refuses, when created, a route that loses its ids, naming the operation', () => {
    const service = createFakeService();
    expect(() =>
      createServiceClient(clientOptions(service, { routes: { getLoan: '/v1/loans' } })),
    ).toThrow('routes.getLoan: "/v1/loans" must keep the path\'s ids: {loanId}');
  });

  it('keeps the base URL’s path prefix in front of an overridden path', async () => {
    const service = createFakeService();
    service.setDefault('unknown', () => json({ success: true }));
    const client = createServiceClient(
      clientOptions(service, { routes: { closeLoan: 'POST /v1/loans/{loanId}/close' } }),
    );
    await client.call('closeLoan', { params: { loanId: 'ln_1' } });
    expect(service.requests.at(-1)?.url).toBe(`${BASE_URL}/v1/loans/ln_1/close`);
  });
});

describe('a 2xx answer read as far as it goes', () => {
  it('reads a submit answer that carries only the id: the application was created', async () => {
    const service = createFakeService();
    service.setDefault('submitLoanApplication', () => json({ id: 'ln_9' }, 201));
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('submitLoanApplication', { body: application })).resolves.toEqual({
      id: 'ln_9',
      borrowers: [],
      currentInsurancePolicies: [],
      hostedDisplayUrl: '',
    });
    expect(service.count('submitLoanApplication')).toBe(1);
  });

  it('reads a loan without the fields the documentation never shows', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => json({ id: 'ln_1', currentInsurancePolicies: [] }));
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('getLoan', { params: { loanId: 'ln_1' } })).resolves.toMatchObject({
      id: 'ln_1',
    });
  });

  it.each([
    ['an empty body', () => new Response('', { status: 200 })],
    ['a text body', () => text('OK', 200)],
    ['an object without success', () => json({})],
  ])(
    'B38: takes %s to a close, a selection and a call as the success it is',
    async (_label, reply) => {
      const service = createFakeService();
      for (const op of ['closeLoan', 'selectQuote', 'callMeNow']) service.setDefault(op, reply);
      const client = createServiceClient(clientOptions(service));
      await expect(client.call('closeLoan', { params: { loanId: 'ln_1' } })).resolves.toEqual({});
      await expect(
        client.call('selectQuote', { params: { loanId: 'ln_1', quoteId: 'q_1' } }),
      ).resolves.toEqual({});
      await expect(client.call('callMeNow', { body: { id: 'ln_1' } as never })).resolves.toEqual(
        {},
      );
    },
  );

  it('takes a consent answer without its record as recorded', async () => {
    const service = createFakeService();
    service.setDefault('recordTcpaConsent', () => json({}));
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('recordTcpaConsent', { body: { id: 'ln_1', termsOfServiceId: 't' } }),
    ).resolves.toEqual({ termsOfServiceId: '' });
  });

  it('reads the stored policies the current-insurance answer carries', async () => {
    const service = createFakeService();
    const stored = { id: 'ln_1', currentInsurancePolicies: [{ carrier: 'Acme', coverages: {} }] };
    service.setDefault('updateCurrentInsurance', () => json(stored));
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('updateCurrentInsurance', {
        params: { loanId: 'ln_1' },
        body: { currentInsurancePolicies: [{ carrier: 'Acme' }] },
      }),
    ).resolves.toEqual(stored);
    expect(JSON.parse(service.of('updateCurrentInsurance')[0]?.body ?? '')).toEqual({
      currentInsurancePolicies: [{ carrier: 'Acme' }],
    });
  });

  it('B38: still reports a created application whose answer has no id as an unknown outcome, sent once', async () => {
    const service = createFakeService();
    service.setDefault('submitLoanApplication', () => json({ status: 'NOT_YET_RATED' }, 201));
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('submitLoanApplication', { body: application }),
    ).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(service.count('submitLoanApplication')).toBe(1);
  });
});

describe('production answers read leniently', () => {
  const quoteDisplay = (quotes: unknown[]) => ({ id: 'ln_1', status: 'RC1_RATED', quotes });

  it('L6: a value it cannot read is left out and logged once per operation and field, never with the value', async () => {
    const service = createFakeService();
    service.setDefault('getQuoteDisplay', () =>
      json(
        quoteDisplay([
          { id: 'q_1', premium: 'call for a price', carrierName: 'Acme' },
          { id: 'q_2', premium: 'secret-looking-value' },
          { carrierName: 'Pending carrier' },
        ]),
      ),
    );
    const logger = captureLogger();
    const client = createServiceClient(clientOptions(service, { logger }));
    const params = { params: { loanId: 'ln_1' } };
    const first = await client.call('getQuoteDisplay', params);
    await client.call('getQuoteDisplay', params);
    expect(first.quotes.map((q) => q.id)).toEqual(['q_1', 'q_2']);
    expect(first.quotes[0]).not.toHaveProperty('premium');
    const dropped = logger.lines.filter((l) => l.message.includes('could not read'));
    expect(dropped.map((l) => [l.meta?.operation, l.meta?.field, l.meta?.reason])).toEqual([
      ['getQuoteDisplay', 'quotes.premium', 'unreadable'],
      ['getQuoteDisplay', 'quotes', 'item'],
    ]);
    expect(JSON.stringify(logger.lines)).not.toMatch(
      /call for a price|secret-looking-value|Pending/,
    );
  });

  it.each([
    [
      'shopLoan',
      { params: { loanId: 'ln_1' } },
      { id: 'ln_1', status: null, hostedDisplayUrl: null },
    ],
    ['shopLoan', { params: { loanId: 'ln_1' } }, { id: 42, loanId: 4417 }],
    [
      'selectQuote',
      { params: { loanId: 'ln_1', quoteId: 'q_1' } },
      { success: 'true', quoteId: null },
    ],
    ['closeLoan', { params: { loanId: 'ln_1' } }, { success: 'yes please' }],
    [
      'recordTcpaConsent',
      { body: { id: 'ln_1', termsOfServiceId: 'tos-1' } },
      { consent: null, consentDateTime: 20261125, id: null },
    ],
    [
      'updateCurrentInsurance',
      { params: { loanId: 'ln_1' }, body: { currentInsurancePolicies: [] } },
      { id: 'another-id-the-docs-never-promised', currentInsurancePolicies: null },
    ],
  ] as const)(
    'L4: %s answered 2xx with odd fields is done, not an unknown outcome',
    async (name, options, answer) => {
      const service = createFakeService();
      service.setDefault(name, () => json(answer));
      const client = createServiceClient(clientOptions(service));
      await expect(client.call(name, options as never)).resolves.toBeTypeOf('object');
      expect(service.count(name)).toBe(1);
    },
  );

  it('L4: a shop answer with an id it cannot read is about the loan the shop was sent for', async () => {
    const service = createFakeService();
    service.setDefault('shopLoan', () => json({ id: 42, status: null }));
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('shopLoan', { params: { loanId: 'ln_1' } })).resolves.toEqual({
      id: 'ln_1',
      hostedDisplayUrl: '',
    });
  });

  it('L3: a read whose id cannot be read is refused with a typed error naming the field', async () => {
    const service = createFakeService();
    service.setDefault('getPolicy', () => json({ id: 5_150, documents: [] }));
    const client = createServiceClient(clientOptions(service));
    const error = await client.call('getPolicy', { params: { policyId: 'pol_1' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ serviceCode: 'invalid_response', field: 'id', status: 502 });
  });
});
