import { describe, expect, it } from 'vitest';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { createMockBff } from '../../src/testing/mockBff/createMockBff.js';
import type { SandboxService } from '../../src/testing/sandbox/createSandboxService.js';
import { createSandboxService } from '../../src/testing/sandbox/createSandboxService.js';
import { readResponse } from '../support/readResponse.js';

const ORIGIN = 'http://app.test';

function setup() {
  const sandbox = createSandboxService({ clock: 'manual', quoteDelayMs: 30_000 });
  const bff = createMockBff({ sandbox });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    readResponse(
      await bff.handler(
        new Request(`${ORIGIN}/api/insurance${path}`, {
          method,
          headers: {
            ...(method === 'GET' ? {} : { 'X-LIR-CSRF': '1' }),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
    );
  /** A Bind_policy loan, consented and shopped (quoting takes 30 s on the manual clock). */
  const shopBindPolicyLoan = async (): Promise<string> => {
    const loan = createLoanApplicationFixture({ primaryBorrower: { firstName: 'Bind_policy' } });
    const id: string = (await call('POST', '/loans', loan)).json.id;
    await call('POST', `/loans/${id}/consent`, { termsOfServiceId: 'tos' });
    await call('PATCH', `/loans/${id}/shop`);
    return id;
  };
  /** The loan's event stream as server-sent events; abort `signal` to close it. */
  const openEventStream = (id: string, signal: AbortSignal, headers: Record<string, string> = {}) =>
    bff.handler(
      new Request(`${ORIGIN}/api/insurance/loans/${id}/events`, {
        headers: { Accept: 'text/event-stream', ...headers },
        signal,
      }),
    );
  return { sandbox, bff, call, shopBindPolicyLoan, openEventStream };
}

/** Reads a stream until the `policy.bound` event is in it. */
async function readUntilPolicyBound(res: Response): Promise<string> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('policy.bound'))
    text += new TextDecoder().decode((await reader.read()).value);
  return text;
}

describe('the mock BFF', () => {
  it('walks the shopping flow on the BFF routes, with the loan id from the path', async () => {
    const { sandbox, call } = setup();
    const loan = await call('POST', '/loans', createLoanApplicationFixture());
    expect(loan.status).toBe(201);
    const id: string = loan.json.id;
    expect((await call('POST', `/loans/${id}/consent`, { termsOfServiceId: 'tos' })).json.id).toBe(
      id,
    );
    // The shop answer echoes the status before quoting started; the loan read shows it live.
    expect((await call('PATCH', `/loans/${id}/shop`)).json.status).toBe('NOT_YET_RATED');
    expect((await call('GET', `/loans/${id}`)).json.status).toBe('RC1_RATING');
    await sandbox.advance(30_000);
    const page = await call('GET', `/loans/${id}/events`);
    expect(page.json).toEqual({
      events: [
        { cursor: '1', event: expect.objectContaining({ type: 'loan.shopped', loanId: id }) },
      ],
      cursor: '1',
    });
    expect((await call('GET', `/loans/${id}/events?after=1`)).json).toEqual({
      events: [],
      cursor: '1',
    });
    expect((await call('GET', `/loans/${id}/display`)).json.quotes).toHaveLength(3);
    expect(sandbox.inspectLoan(id)?.consentRecorded).toBe(true);
  });

  it('serves the hosted pages on the same origin as the BFF', async () => {
    const { call, bff } = setup();
    const loan = await call('POST', '/loans', createLoanApplicationFixture());
    expect(loan.json.contactPageUrl).toBe(`${ORIGIN}/sandbox/contact/${loan.json.id}`);
    const page = await bff.handler(new Request(loan.json.contactPageUrl));
    expect(page.status).toBe(200);
  });

  it('streams events: the backlog, then live ones', async () => {
    const { sandbox, shopBindPolicyLoan, openEventStream } = setup();
    const id = await shopBindPolicyLoan();
    const controller = new AbortController();
    const res = await openEventStream(id, controller.signal);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    await sandbox.advance(30_000);
    const text = await readUntilPolicyBound(res);
    expect(text).toMatch(/^retry: 3000\n\nid: 1\nevent: loan\.shopped\ndata: \{/);
    expect(text).toContain('id: 2\nevent: policy.bound');
    controller.abort();
  });

  it('resumes a stream after its Last-Event-ID', async () => {
    const { sandbox, shopBindPolicyLoan, openEventStream } = setup();
    const id = await shopBindPolicyLoan();
    await sandbox.advance(30_000);
    const controller = new AbortController();
    const res = await openEventStream(id, controller.signal, { 'Last-Event-ID': '1' });
    const text = await readUntilPolicyBound(res);
    expect(text).not.toContain('loan.shopped');
    expect(text).toContain('id: 2\nevent: policy.bound');
    controller.abort();
  });

  it('refuses what the BFF refuses: a write without the CSRF header, unknown routes, wrong methods, bad ids', async () => {
    const { call } = setup();
    const noCsrf = await call('POST', '/loans', createLoanApplicationFixture(), {
      'X-LIR-CSRF': '',
    });
    expect(noCsrf.status).toBe(403);
    expect((await call('GET', '/admin')).status).toBe(404);
    expect((await call('DELETE', '/loans/ln_1')).status).toBe(405);
    expect((await call('GET', '/loans/bad.id')).status).toBe(400);
  });

  it('replays a write sent again with the same Idempotency-Key, and refuses the key for another body', async () => {
    const { sandbox, call } = setup();
    const input = createLoanApplicationFixture();
    const first = await call('POST', '/loans', input, { 'Idempotency-Key': 'intent-1' });
    const second = await call('POST', '/loans', input, { 'Idempotency-Key': 'intent-1' });
    expect(second.json.id).toBe(first.json.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.stats().requests.submitLoanApplication).toBe(1);
    const other = await call(
      'POST',
      '/loans',
      { ...input, loanNumber: 'OTHER' },
      { 'Idempotency-Key': 'intent-1' },
    );
    expect(other.status).toBe(422);
  });

  it('answers the TCPA consent read from the sandbox, and a rate limit as JSON with a wait', async () => {
    const { sandbox, call } = setup();
    const id: string = (await call('POST', '/loans', createLoanApplicationFixture())).json.id;
    expect((await call('GET', `/loans/${id}/consent/tcpa`)).json).toEqual({
      recorded: false,
      consent: null,
    });
    await call('POST', `/loans/${id}/consent/tcpa`, { termsOfServiceId: 'tcpa' });
    const tcpa = await call('GET', `/loans/${id}/consent/tcpa`);
    expect(tcpa.json.recorded).toBe(true);
    expect(tcpa.json.consent.termsOfServiceId).toBe('tcpa');
    sandbox.injectFault({ operation: 'getLoan', status: 429, body: 'Rate limit exceeded' });
    const limited = await call('GET', `/loans/${id}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.json.error.code).toBe('rate_limited');
  });
});

/**
 * A mock BFF over a sandbox that answers the service's `path` (under its base path) with the raw
 * JSON `answer`, as a service speaking another documented spelling would; everything else as usual.
 */
function answering(path: string, answer: unknown) {
  const sandbox = createSandboxService({ clock: 'manual' });
  const speaking: SandboxService = Object.create(sandbox);
  speaking.handler = async (request) =>
    new URL(request.url).pathname === `${sandbox.basePath}${path}`
      ? Response.json(answer)
      : sandbox.handler(request);
  const bff = createMockBff({ sandbox: speaking });
  return async (bffPath: string, method = 'GET') =>
    readResponse(
      await bff.handler(
        new Request(`${ORIGIN}/api/insurance${bffPath}`, {
          method,
          headers: method === 'GET' ? {} : { 'X-LIR-CSRF': '1' },
        }),
      ),
    );
}

const quotes = [{ id: 'q_1', premium: 1200 }];

describe('the mock BFF answers in the one shape the HTTP adapter reads, as the BFF does', () => {
  it('fills in a loan’s lists', async () => {
    const loan = { id: 'loan_1', status: 'NOT_YET_RATED', hostedDisplayUrl: '' };
    const res = await answering('/v1/loans/loan_1', loan)('/loans/loan_1');
    expect(res.json).toEqual({ ...loan, borrowers: [], currentInsurancePolicies: [] });
  });

  it('gives a shopped loan its display URL, empty until there is one', async () => {
    const answer = { id: 'loan_1', status: 'RC1_RATED', quotes };
    const res = await answering('/v1/loans/loan_1/shop', answer)('/loans/loan_1/shop');
    expect(res.json).toEqual({ ...answer, hostedDisplayUrl: '' });
  });

  it('names the selected quote of the display one way', async () => {
    const answer = { id: 'loan_1', status: 'RC1_RATED', quotes, selectedQuote: { id: 'q_1' } };
    const res = await answering('/v1/loans/loan_1/display', answer)('/loans/loan_1/display');
    expect(res.json).toEqual({
      id: 'loan_1',
      status: 'RC1_RATED',
      hostedDisplayUrl: '',
      quotes: quotes.map((q) => ({ ...q, selected: true })),
      selectedQuoteId: 'q_1',
    });
  });

  it("names and types a policy's documents and lists its coverages", async () => {
    const answer = {
      id: 'pol_1',
      coverages: { a: { included: true, amount: 300_000 } },
      documents: [{ id: 'd1', url: 'https://docs.example/d1.pdf' }],
    };
    const res = await answering('/v1/policies/pol_1', answer)('/policies/pol_1');
    expect(res.json).toEqual({
      id: 'pol_1',
      coverages: [{ a: { included: true, amount: 300_000 } }],
      documents: [
        { id: 'd1', name: 'Document', type: 'document', url: 'https://docs.example/d1.pdf' },
      ],
    });
  });

  it("gives a retrieval's URL as retrievalUrl, and only the fields the BFF would", async () => {
    const answer = { id: 'loan_1', url: 'https://retrieve.example/x', internalNote: 'x' };
    const res = await answering('/v1/policies/loan_1/retrieve', answer)(
      '/loans/loan_1/retrieve',
      'PATCH',
    );
    expect(res.json).toEqual({ id: 'loan_1', retrievalUrl: 'https://retrieve.example/x' });
  });

  it('answers a service answer missing what the client relies on with 502 service_error', async () => {
    const res = await answering('/v1/loans/loan_1', { loanNumber: 'LN-1' })('/loans/loan_1');
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe('service_error');
    expect(res.text).not.toContain('LN-1');
  });
});
