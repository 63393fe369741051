import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdapterCallOptions, InsuranceAdapter } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { BffOperationName, PathParams } from '../../src/core/index.js';
import { buildPath, OPERATION_NAMES, operations, ValidationError } from '../../src/core/index.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { BASE, loanBody, recordRequests } from './support.js';

const consent = { id: 'loan_1', termsOfServiceId: 'tos_v3', email: 'avery@example.com' };
const consentRecord = {
  consent: true,
  consentDateTime: '2026-03-02T15:00:00',
  id: 'loan_1',
  termsOfServiceId: 'tos_v3',
};
const contacts = [
  { role: 'Loan Officer', firstName: 'Lee', lastName: 'Officer', email: 'lee@example.com' },
];
const policies = [{ carrier: 'Acme', policyNumber: 'P-1', policyType: 'HO3' }];
const quotes = [{ id: 'q_1', premium: 1200 }];

interface Case {
  op: BffOperationName;
  params: PathParams;
  run: (adapter: InsuranceAdapter, options: AdapterCallOptions) => Promise<unknown>;
  /** The JSON body the request must carry, if any. */
  body?: unknown;
  /** What the BFF answers (JSON); `null` answers 204. */
  answer: unknown;
  /** What the adapter must resolve with. */
  expected: unknown;
}

/** One case per adapter method; together they must cover every BFF row but the event stream. */
const cases: Case[] = [
  {
    op: 'submitLoanApplication',
    params: {},
    run: (a, o) => a.createLoanApplication(createLoanApplicationFixture(), o),
    body: createLoanApplicationFixture(),
    // The BFF's answers are taken as they come, fields it lets through included.
    answer: loanBody(),
    expected: loanBody(),
  },
  {
    op: 'getLoan',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.getLoan('loan_1', o),
    answer: loanBody(),
    expected: loanBody(),
  },
  ...(['recordConsent', 'recordTcpaConsent', 'recordGeneralConsent'] as const).map(
    (op): Case => ({
      op,
      params: { loanId: 'loan_1' },
      run: (a, o) => a[op](consent, o),
      body: consent,
      answer: consentRecord,
      expected: consentRecord,
    }),
  ),
  {
    op: 'getTcpaConsent',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.getTcpaConsent('loan_1', o),
    answer: { recorded: true, consent: consentRecord },
    expected: { recorded: true, consent: consentRecord },
  },
  {
    op: 'shopLoan',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.shopLoan('loan_1', o),
    answer: { id: 'loan_1', status: 'RC1_RATING', hostedDisplayUrl: '' },
    expected: { id: 'loan_1', status: 'RC1_RATING', hostedDisplayUrl: '' },
  },
  {
    op: 'getShoppedLoan',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.getShoppedLoan('loan_1', o),
    answer: { id: 'loan_1', status: 'RC1_RATED', hostedDisplayUrl: '', quotes },
    expected: { id: 'loan_1', status: 'RC1_RATED', hostedDisplayUrl: '', quotes },
  },
  {
    op: 'getQuoteDisplay',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.getQuoteDisplay('loan_1', o),
    answer: {
      id: 'loan_1',
      status: 'RC1_RATED',
      hostedDisplayUrl: '',
      quotes: quotes.map((q) => ({ ...q, selected: true })),
      selectedQuoteId: 'q_1',
    },
    expected: {
      id: 'loan_1',
      status: 'RC1_RATED',
      hostedDisplayUrl: '',
      quotes: quotes.map((q) => ({ ...q, selected: true })),
      selectedQuoteId: 'q_1',
    },
  },
  {
    op: 'selectQuote',
    params: { loanId: 'loan_1', quoteId: 'q_1' },
    run: (a, o) => a.selectQuote('loan_1', 'q_1', o),
    answer: { success: true, quoteId: 'q_1' },
    expected: { success: true, quoteId: 'q_1' },
  },
  {
    op: 'scheduleCall',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.scheduleCall({ id: 'loan_1', scheduledAt: '2026-03-03T15:00:00Z' }, o),
    body: { id: 'loan_1', scheduledAt: '2026-03-03T15:00:00Z' },
    answer: { success: true, taskId: 't_1' },
    expected: { success: true, taskId: 't_1' },
  },
  {
    op: 'callMeNow',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.callMeNow({ id: 'loan_1', phone: '512-555-0134' }, o),
    body: { id: 'loan_1', phone: '512-555-0134' },
    answer: { success: true },
    expected: { success: true },
  },
  {
    op: 'getPolicy',
    params: { policyId: 'pol_1' },
    run: (a, o) => a.getPolicy('pol_1', o),
    answer: {
      id: 'pol_1',
      documents: [
        { id: 'd1', name: 'Document', type: 'document', url: 'https://docs.example/d1.pdf' },
      ],
    },
    expected: {
      id: 'pol_1',
      documents: [
        { id: 'd1', name: 'Document', type: 'document', url: 'https://docs.example/d1.pdf' },
      ],
    },
  },
  {
    op: 'initiatePolicyRetrieval',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.initiatePolicyRetrieval('loan_1', o),
    answer: { id: 'loan_1', retrievalUrl: 'https://retrieve.example/x' },
    expected: { id: 'loan_1', retrievalUrl: 'https://retrieve.example/x' },
  },
  {
    op: 'closeLoan',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.closeLoan('loan_1', { externalInsurance: { carrier: 'Other Co' } }, o),
    body: { externalInsurance: { carrier: 'Other Co' } },
    answer: { success: true },
    expected: { success: true },
  },
  {
    op: 'updateLoanContacts',
    params: { loanId: 'loan_1' },
    run: (a, o) => a.updateLoanContacts('loan_1', contacts, o),
    body: contacts,
    answer: null,
    expected: undefined,
  },
  {
    op: 'updateCurrentInsurance',
    params: { loanId: 'loan_1' },
    run: (a, o) =>
      a.updateCurrentInsurance('loan_1', { currentInsurancePolicies: [...policies] } as never, o),
    body: { currentInsurancePolicies: policies },
    answer: { id: 'loan_1', currentInsurancePolicies: policies },
    expected: { id: 'loan_1', currentInsurancePolicies: policies },
  },
];

// A PUT or a close repeats harmlessly; every other write names its intent with a key.
const takesKey = (op: BffOperationName) =>
  operations[op].bff.method !== 'GET' && !operations[op].idempotent;

describe('every adapter method', () => {
  it('covers every BFF route of the operation table but the event stream', () => {
    const bffRows = OPERATION_NAMES.filter((n) => operations[n].bff && n !== 'loanEvents');
    expect(cases.map((c) => c.op).sort()).toEqual([...bffRows].sort());
  });

  it.each(cases)('$op sends its own route, body and headers, and parses the answer', async (c) => {
    const route = operations[c.op].bff;
    const seen = recordRequests(() =>
      c.answer === null ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(c.answer),
    );

    const result = await c.run(createHttpAdapter(), {});

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe(route.method);
    expect(request?.url).toBe(`${BASE}${buildPath(route.path, c.params)}`);
    expect(request?.headers.get('accept')).toBe('application/json');
    if (c.body === undefined) {
      expect(request?.body).toBe('');
      expect(request?.headers.get('content-type')).toBeNull();
    } else {
      expect(JSON.parse(request?.body ?? '')).toEqual(c.body);
      expect(request?.headers.get('content-type')).toBe('application/json');
    }
    expect(request?.headers.get('x-lir-csrf')).toBe(route.method === 'GET' ? null : '1');
    const key = request?.headers.get('idempotency-key') ?? null;
    if (takesKey(c.op)) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    else expect(key).toBeNull();
    expect(result).toEqual(c.expected);
  });
});

describe('idempotency keys (U3-U5)', () => {
  it('sends the key of the intent when one is given, the same on every send of it', async () => {
    const seen = recordRequests(() => HttpResponse.json(loanBody()));
    const adapter = createHttpAdapter();
    const intent = { idempotencyKey: 'submit-7f3a' };

    await adapter.createLoanApplication(createLoanApplicationFixture(), intent);
    await adapter.createLoanApplication(createLoanApplicationFixture(), intent);

    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual([
      'submit-7f3a',
      'submit-7f3a',
    ]);
  });

  it('keeps the key when the same intent is retried after a network failure (U5)', async () => {
    const seen = recordRequests((_, i) =>
      i === 0 ? HttpResponse.error() : HttpResponse.json({ success: true }),
    );
    const adapter = createHttpAdapter();
    const intent = { idempotencyKey: 'select-q1' };

    await expect(adapter.selectQuote('loan_1', 'q_1', intent)).rejects.toMatchObject({
      code: 'network_error',
    });
    await expect(adapter.selectQuote('loan_1', 'q_1', intent)).resolves.toEqual({
      success: true,
    });
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['select-q1', 'select-q1']);
  });

  it('generates a fresh key per call when none is given', async () => {
    const seen = recordRequests(() => HttpResponse.json({ success: true }));
    const adapter = createHttpAdapter();

    await adapter.callMeNow({ id: 'loan_1' });
    await adapter.callMeNow({ id: 'loan_1' });

    const [a, b] = seen.map((r) => r.headers.get('idempotency-key'));
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(b).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(a).not.toBe(b);
  });

  it('falls back to 16 random bytes in hex where crypto.randomUUID is missing', async () => {
    const seen = recordRequests(() => HttpResponse.json({ success: true }));
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      await createHttpAdapter().callMeNow({ id: 'loan_1' });
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
    expect(seen[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a malformed key before sending anything', async () => {
    const seen = recordRequests();
    const adapter = createHttpAdapter();

    for (const idempotencyKey of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      await expect(adapter.shopLoan('loan_1', { idempotencyKey })).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    expect(seen).toHaveLength(0);
  });
});

describe('headers', () => {
  it('sends the CSRF header on writes only, under the name and value configured', async () => {
    const seen = recordRequests((r) =>
      HttpResponse.json(r.method === 'GET' ? loanBody() : { success: true }),
    );
    const adapter = createHttpAdapter({ csrfHeader: { name: 'X-Portal-CSRF', value: 'yes' } });

    await adapter.getLoan('loan_1');
    await adapter.closeLoan('loan_1');

    expect(seen[0]?.headers.get('x-portal-csrf')).toBeNull();
    expect(seen[1]?.headers.get('x-portal-csrf')).toBe('yes');
    expect(seen[1]?.headers.get('x-lir-csrf')).toBeNull();
  });

  it('adds extra headers given as an object', async () => {
    const seen = recordRequests(() => HttpResponse.json(loanBody()));
    await createHttpAdapter({ headers: { 'X-Tenant': 'acme' } }).getLoan('loan_1');
    expect(seen[0]?.headers.get('x-tenant')).toBe('acme');
  });

  it('asks a header function on every request, so a refreshed token is used', async () => {
    const seen = recordRequests(() => HttpResponse.json(loanBody()));
    let token = 'one';
    const adapter = createHttpAdapter({ headers: () => ({ Authorization: `Bearer ${token}` }) });

    await adapter.getLoan('loan_1');
    token = 'two';
    await adapter.getLoan('loan_1');

    expect(seen.map((r) => r.headers.get('authorization'))).toEqual(['Bearer one', 'Bearer two']);
  });

  it('does not let extra headers replace the protocol ones', async () => {
    const seen = recordRequests(() => HttpResponse.json({ success: true }));
    await createHttpAdapter({ headers: { Accept: 'text/html', 'X-LIR-CSRF': '0' } }).callMeNow({
      id: 'loan_1',
    });
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
    expect(seen[0]?.headers.get('x-lir-csrf')).toBe('1');
  });
});

describe('options', () => {
  it('sends to an absolute base URL, without doubling a trailing slash', async () => {
    const seen = recordRequests(() => HttpResponse.json(loanBody()));
    await createHttpAdapter({ baseUrl: 'https://bff.example/insurance/' }).getLoan('loan_1');
    expect(seen[0]?.url).toBe('/insurance/loans/loan_1');
  });

  it('uses the fetch it is given, unbound, with the credentials mode asked for', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const fetch = async function (this: unknown, url: RequestInfo | URL, init?: RequestInit) {
      // A browser's fetch throws "Illegal invocation" when called on another object.
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      calls.push([String(url), init]);
      return Response.json(loanBody());
    } as typeof globalThis.fetch;

    await createHttpAdapter({ fetch, credentials: 'include' }).getLoan('loan_1');

    expect(calls[0]?.[0]).toBe('/api/insurance/loans/loan_1');
    expect(calls[0]?.[1]?.credentials).toBe('include');
  });

  it("sends the page's cookies by default (same-origin credentials)", async () => {
    const calls: RequestInit[] = [];
    const fetch = (async (_: unknown, init: RequestInit) => {
      calls.push(init);
      return Response.json(loanBody());
    }) as typeof globalThis.fetch;
    await createHttpAdapter({ fetch }).getLoan('loan_1');
    expect(calls[0]?.credentials).toBe('same-origin');
  });
});

describe('malformed ids', () => {
  const malformed: Array<{
    name: string;
    field: string;
    run: (a: InsuranceAdapter) => Promise<unknown>;
  }> = [
    { name: 'a loan id with a traversal', field: 'loanId', run: (a) => a.getLoan('../v1/token') },
    { name: 'an empty loan id', field: 'loanId', run: (a) => a.shopLoan('') },
    { name: 'a policy id with a space', field: 'policyId', run: (a) => a.getPolicy('pol 1') },
    {
      name: 'a quote id with a slash',
      field: 'quoteId',
      run: (a) => a.selectQuote('loan_1', 'q/1'),
    },
    {
      name: 'a body id with a query',
      field: 'id',
      run: (a) => a.recordTcpaConsent({ ...consent, id: 'loan_1?x=1' }),
    },
    // biome-ignore lint/suspicious/noExplicitAny: a caller without types
    { name: 'no body at all', field: 'id', run: (a) => a.callMeNow(undefined as any) },
  ];

  it.each(malformed)('$name is a ValidationError on `$field`, and nothing is sent', async (c) => {
    const seen = recordRequests();
    const error = await c.run(createHttpAdapter()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe(c.field);
    expect(seen).toHaveLength(0);
  });
});
