import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseResponse } from '../../src/core/parseResponse.js';
import { PolicySchema } from '../../src/core/schemas/policy.js';
import { QuoteDisplaySchema } from '../../src/core/schemas/quoteDisplay.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import {
  createInsuranceHandlers,
  failing,
  noDocuments,
  noQuotes,
  offline,
  pending,
  rateLimited,
} from '../../src/testing/msw/index.js';
import { createSandboxService } from '../../src/testing/sandbox/createSandboxService.js';

const sandbox = createSandboxService({ clock: 'manual' });
const { handlers } = createInsuranceHandlers({ sandbox });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const API = 'http://app.test/api/insurance';
const post = (path: string, body: unknown) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-LIR-CSRF': '1' },
    body: JSON.stringify(body),
  });

describe('the MSW handlers', () => {
  it('answer the BFF routes from the sandbox', async () => {
    const res = await post('/loans', createLoanApplicationFixture());
    expect(res.status).toBe(201);
    const loan = await res.json();
    expect((await (await fetch(`${API}/loans/${loan.id}`)).json()).status).toBe('NOT_YET_RATED');
  });

  it('rateLimited: 429 with Retry-After on that operation only', async () => {
    server.use(rateLimited('submitLoanApplication', { retryAfterSeconds: 20 }));
    const res = await post('/loans', createLoanApplicationFixture());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('20');
    expect((await res.json()).error.code).toBe('rate_limited');
  });

  it('failing: the error body and status given', async () => {
    server.use(failing('getQuoteDisplay', { status: 503, code: 'service_error' }));
    const res = await fetch(`${API}/loans/ln_1/display`);
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('service_error');
  });

  it('noQuotes and noDocuments: valid empty answers, for the empty states', async () => {
    server.use(noQuotes({ basePath: '/portal/insurance/' }), noDocuments());
    const display = await fetch('http://app.test/portal/insurance/loans/ln_7/display');
    expect(parseResponse(QuoteDisplaySchema, await display.json())).toMatchObject({
      id: 'ln_7',
      status: 'RC1_RATED',
      quotes: [],
    });
    const policy = await fetch(`${API}/policies/pol_7`);
    expect(parseResponse(PolicySchema, await policy.json())).toMatchObject({
      id: 'pol_7',
      documents: [],
    });
  });

  it('offline: fetch rejects', async () => {
    server.use(offline('getLoan'));
    await expect(fetch(`${API}/loans/ln_1`)).rejects.toThrow();
  });

  it('pending: no answer until the request is aborted', async () => {
    server.use(pending('getPolicy'));
    const controller = new AbortController();
    const request = fetch(`${API}/policies/pol_1`, { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toThrow();
  });
});
