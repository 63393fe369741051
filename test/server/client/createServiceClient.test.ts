import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../../src/core/errors/ValidationError.js';
import { backoffDelay } from '../../../src/server/client/backoffDelay.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { sanitizeErrorBody } from '../../../src/server/client/sanitizeErrorBody.js';
import { BASE_URL, CLIENT_SECRET, clientOptions, createFakeService, START } from './fakeService.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('options', () => {
  it.each([
    'https://service.test/lenders',
    'https://service.test',
    'http://localhost:4010/lenders',
    'http://127.0.0.1:4010/lenders',
    'http://127.9.8.7/lenders',
    'http://[::1]:4010/lenders',
  ])('accepts the base URL %s', (baseUrl) => {
    expect(() =>
      createServiceClient(clientOptions(createFakeService(), { baseUrl })),
    ).not.toThrow();
  });

  it.each([
    ['plain http to a remote host', 'http://service.test/lenders'],
    ['a host that only starts with localhost', 'http://localhost.evil.test/lenders'],
    ['0.0.0.0', 'http://0.0.0.0/lenders'],
    ['another scheme', 'ftp://service.test/lenders'],
    ['a relative URL', '/lenders'],
    ['credentials', 'https://user:pass@service.test/lenders'],
    ['a query', 'https://service.test/lenders?debug=1'],
    ['a fragment', 'https://service.test/lenders#x'],
    ['an empty string', ''],
  ])('refuses a base URL with %s (TypeError)', (_, baseUrl) => {
    expect(() => createServiceClient(clientOptions(createFakeService(), { baseUrl }))).toThrow(
      TypeError,
    );
  });

  it.each([
    [{ timeoutMs: 0 }, RangeError],
    [{ timeoutMs: Number.NaN }, TypeError],
    [{ deadlineMs: 30_000 }, RangeError],
    [{ maxResponseBytes: 0.5 }, RangeError],
    [{ retry: { attempts: 0 } }, RangeError],
    [{ retry: { attempts: 1.5 } }, RangeError],
    [{ rateLimit: { limit: 10, backgroundLimit: 11 } }, RangeError],
    [{ rateLimit: { limit: 0 } }, RangeError],
    [{ tokenRefreshSkewMs: -1 }, RangeError],
    [{ clientId: '' }, TypeError],
    [{ clientSecret: '' }, TypeError],
    [{ partnerId: 'a/b' }, TypeError],
    [{ partnerId: '' }, TypeError],
  ])('refuses %j', (overrides, type) => {
    const service = createFakeService();
    let thrown: unknown;
    try {
      createServiceClient(clientOptions(service, overrides as never));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(type);
    expect(String(thrown)).not.toContain(CLIENT_SECRET);
  });

  it('keeps 80 % of a changed limit for background calls by default', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 10, windowMs: 60_000 } }),
    );
    const calls = Array.from({ length: 10 }, (_, i) =>
      client
        .call('getLoan', { params: { loanId: `ln_${i}` }, priority: 'background' })
        .catch(() => undefined),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(service.count('getLoan')).toBe(8);
    await vi.advanceTimersByTimeAsync(30_000);
    await Promise.all(calls);
  });

  it('reads globalThis.fetch at call time when no fetch is given and node:http is out of reach', async () => {
    const service = createFakeService();
    const { fetch: _omit, ...options } = clientOptions(service);
    // An edge runtime: no `process.getBuiltinModule`, so no Node transport.
    const node = process as unknown as { getBuiltinModule: (id: string) => unknown };
    const reach = vi.spyOn(node, 'getBuiltinModule').mockReturnValue(undefined);
    const client = createServiceClient(options);
    reach.mockRestore();
    vi.stubGlobal('fetch', service.fetch);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('getPolicy')).toBe(1);
    expect(service.count('createToken')).toBe(1);
  });

  it('a logger that throws does not fail the call', async () => {
    const service = createFakeService();
    service.script('getPolicy', new Response('', { status: 503 }));
    const boom = () => {
      throw new Error('logger down');
    };
    const client = createServiceClient(
      clientOptions(service, { logger: { warn: boom, error: boom }, random: () => 0 }),
    );
    const call = client.call('getPolicy', { params: { policyId: 'p1' } });
    await vi.advanceTimersByTimeAsync(10);
    await expect(call).resolves.toMatchObject({ id: 'p1' });
    expect(service.count('getPolicy')).toBe(2);
  });

  it('exposes the configured partner, and is frozen', () => {
    const client = createServiceClient(
      clientOptions(createFakeService(), { partnerId: 'lender_a' }),
    );
    expect(client.partnerId).toBe('lender_a');
    expect(Object.isFrozen(client)).toBe(true);
    expect(JSON.stringify(client)).not.toContain(CLIENT_SECRET);
  });
});

describe('requests', () => {
  it('sends a GET with the bearer token, Accept and no body, to the table path', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service, { baseUrl: `${BASE_URL}/` }));
    await client.call('getShoppedLoan', { params: { loanId: 'ln_1' } });
    const req = service.of('getShoppedLoan')[0];
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe(`${BASE_URL}/v1/loans/ln_1/shop`);
    expect(req?.headers.get('authorization')).toBe(`Bearer ${service.issued[0]}`);
    expect(req?.headers.get('accept')).toBe('application/json');
    expect(req?.headers.has('content-type')).toBe(false);
    expect(req?.body).toBe('');
    expect(req?.redirect).toBe('manual');
  });

  it('sends the body as JSON for an operation with input, and none for one without', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    const consent = { id: 'ln_1', termsOfServiceId: 'tos-1' };
    await client.call('recordTcpaConsent', { body: consent });
    // shop has no input: a body passed by mistake is not sent.
    await client.call('shopLoan', { params: { loanId: 'ln_1' }, body: { x: 1 } as never });

    const tcpa = service.of('recordTcpaConsent')[0];
    expect(tcpa?.method).toBe('POST');
    expect(tcpa?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(tcpa?.body ?? '')).toEqual(consent);
    const shop = service.of('shopLoan')[0];
    expect(shop?.method).toBe('PATCH');
    expect(shop?.body).toBe('');
  });

  it('answers undefined for a 204', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('updateLoanContacts', { params: { loanId: 'ln_1' }, body: [] as never }),
    ).resolves.toBeUndefined();
  });

  it('answers undefined for a 204 even where a body is usually returned', async () => {
    const service = createFakeService();
    service.script('closeLoan', new Response(null, { status: 204 }));
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('closeLoan', { params: { loanId: 'ln_1' } })).resolves.toBeUndefined();
  });

  it('builds two-id paths', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('selectQuote', { params: { loanId: 'ln_1', quoteId: 'q_9' } }),
    ).resolves.toEqual({ quoteId: 'q_9', success: true });
    expect(service.of('selectQuote')[0]?.url).toBe(`${BASE_URL}/v1/loans/ln_1/quotes/q_9/select`);
  });

  it.each([
    ['..', '..'],
    ['a slash', 'a/b'],
    ['an encoded traversal', '..%2F..%2Fauth%2Ftoken'],
    ['a query', 'ln_1?partner_id=x'],
    ['empty', ''],
    ['65 characters', 'a'.repeat(65)],
    ['unicode', 'lñ'],
  ])('refuses an id that is %s with a ValidationError before any request', async (_, id) => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    const error = await client.call('getLoan', { params: { loanId: id } }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path: 'loanId', message: 'Invalid loanId' }]);
    expect(service.requests).toHaveLength(0);
  });

  it('refuses a missing id, and names every bad one', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    const error = await client.call('selectQuote', { params: { quoteId: 'a/b' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['loanId', 'quoteId']);
    expect(service.requests).toHaveLength(0);
  });

  it('refuses an operation that is not a client operation', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    for (const name of ['createToken', 'loanEvents', 'toString', '__proto__', 'nope']) {
      await expect(client.call(name as never)).rejects.toBeInstanceOf(TypeError);
    }
    expect(service.requests).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('backoffDelay is full jitter under min(cap, base * 2^n)', () => {
    expect(backoffDelay(0, 500, 8_000, () => 0)).toBe(0);
    expect(backoffDelay(0, 500, 8_000, () => 0.5)).toBe(250);
    expect(backoffDelay(3, 500, 8_000, () => 0.5)).toBe(2_000);
    expect(backoffDelay(10, 500, 8_000, () => 0.5)).toBe(4_000);
    expect(backoffDelay(2, 500, 8_000, () => 1)).toBe(1_999);
    expect(backoffDelay(2, 500, 8_000, () => Number.NaN)).toBe(0);
    expect(backoffDelay(2, 500, 8_000, () => -3)).toBe(0);
  });

  it('sanitizeErrorBody keeps what errorFromResponse reads, short and redacted', () => {
    const body = JSON.stringify({
      error: {
        code: 'loan_closed',
        message: `closed; token tok_abcdef echoed`,
        stack: 'at internal (/srv/app.js:1:1)',
        internal: { db: 'secret-host' },
        issues: [{ path: 'a', message: 'm', extra: 1 }, 'junk'],
      },
    });
    expect(JSON.parse(sanitizeErrorBody(body, ['tok_abcdef']))).toEqual({
      error: {
        code: 'loan_closed',
        message: 'closed; token [redacted] echoed',
        issues: [{ path: 'a', message: 'm' }],
      },
    });
    expect(sanitizeErrorBody(`  plain tok_abcdef ${'y'.repeat(500)}`, ['tok_abcdef'])).toBe(
      `plain [redacted] ${'y'.repeat(183)}`,
    );
    expect(JSON.parse(sanitizeErrorBody('{"code":"not a code!","message":"m"}', []))).toEqual({
      error: { message: 'm' },
    });
  });
});
