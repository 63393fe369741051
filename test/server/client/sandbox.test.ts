import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../../src/core/errors/NotFoundError.js';
import { RateLimitedError } from '../../../src/core/errors/RateLimitedError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { SandboxService } from '../../../src/testing/index.js';
import {
  BIND_POLICY_FIRST_NAME,
  createLoanApplicationFixture,
  createSandboxService,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import { captureLogger, START, track } from './fakeService.js';

const BASE_URL = `https://sandbox.test${SANDBOX_DEFAULTS.basePath}`;
// The sandbox signs and checks JWTs with WebCrypto, which finishes on the real event loop: a
// test must let real turns pass before moving fake time, or an attempt "times out" in fake time
// while its answer is still being computed.
const realImmediate = globalThis.setImmediate;

/** Moves fake time in 50 ms steps, letting real work finish between steps, until `done()`. */
async function drive(done: () => boolean, maxMs: number): Promise<void> {
  for (let elapsed = 0; ; elapsed += 50) {
    for (let i = 0; i < 200 && !done(); i++) {
      await new Promise((resolve) => realImmediate(resolve));
    }
    if (done() || elapsed >= maxMs) return;
    await vi.advanceTimersByTimeAsync(50);
  }
}
const QUOTE_DELAY_MS = 40_000;

interface Sent {
  method: string;
  path: string;
  body: string;
  authorization: string | null;
}

/** The sandbox's fetch, recording what the client sends. */
function recorder(sandbox: SandboxService) {
  const sent: Sent[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname.slice(SANDBOX_DEFAULTS.basePath.length),
      body: typeof init.body === 'string' ? init.body : '',
      authorization: new Headers(init.headers).get('authorization'),
    });
    return sandbox.fetch(input, init);
  }) as typeof globalThis.fetch;
  return {
    fetch: fakeFetch,
    sent,
    tokenRequests: () => sent.filter((s) => s.path === '/v1/auth/token'),
  };
}

let sandbox: SandboxService;
beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  sandbox?.dispose();
  vi.useRealTimers();
});

describe('against the sandbox', () => {
  it('T1, T8: a whole shop flow with one token, then a rotated key costs one refresh and one replay', async () => {
    sandbox = createSandboxService({ clock: 'auto', quoteDelayMs: QUOTE_DELAY_MS });
    const wire = recorder(sandbox);
    const client = createServiceClient({
      baseUrl: BASE_URL,
      clientId: SANDBOX_DEFAULTS.clientId,
      clientSecret: SANDBOX_DEFAULTS.clientSecret,
      fetch: wire.fetch,
    });

    const loan = await client.call('submitLoanApplication', {
      body: createLoanApplicationFixture({
        primaryBorrower: { firstName: BIND_POLICY_FIRST_NAME },
      }),
    });
    const loanId = loan.id;
    await client.call('recordConsent', { body: { id: loanId, termsOfServiceId: 'tos-1' } });
    const shop = await client.call('shopLoan', { params: { loanId } });
    // Like the service's documented answer, the shop answer echoes the status before quoting.
    expect(shop).toMatchObject({ id: loanId, status: 'NOT_YET_RATED' });
    await expect(client.call('getShoppedLoan', { params: { loanId } })).resolves.toMatchObject({
      status: 'RC1_RATING',
    });
    await vi.advanceTimersByTimeAsync(QUOTE_DELAY_MS);
    const display = await client.call('getQuoteDisplay', { params: { loanId } });
    expect(display.status).toBe('RC1_RATED');
    const quoteId = display.quotes[0]?.id as string;
    await expect(
      client.call('selectQuote', { params: { loanId, quoteId } }),
    ).resolves.toMatchObject({ success: true });

    expect(wire.tokenRequests()).toHaveLength(1);
    expect(JSON.parse(wire.tokenRequests()[0]?.body ?? '')).toEqual({
      client_id: SANDBOX_DEFAULTS.clientId,
      client_secret: SANDBOX_DEFAULTS.clientSecret,
    });
    const firstToken = wire.sent[1]?.authorization;
    expect(wire.sent.slice(1).every((s) => s.authorization === firstToken)).toBe(true);

    sandbox.invalidateTokens();
    await expect(client.call('getLoan', { params: { loanId } })).resolves.toMatchObject({
      id: loanId,
      status: 'RC1_RATED',
    });
    expect(wire.tokenRequests()).toHaveLength(2);
    const reads = wire.sent.filter((s) => s.path === `/v1/loans/${loanId}`);
    expect(reads).toHaveLength(2);
    expect(reads[0]?.authorization).toBe(firstToken);
    expect(reads[1]?.authorization).not.toBe(firstToken);
    expect(sandbox.inspectLoan(loanId)?.selectedQuoteId).toBe(quoteId);
  });

  it('T6: platform partners get tokens scoped to their lender, and never see each other’s loans', async () => {
    sandbox = createSandboxService({
      clock: 'auto',
      clients: [
        {
          clientId: 'platform_client',
          clientSecret: 'platform_secret',
          lenderPartnerIds: ['lender_a', 'lender_b'],
        },
      ],
    });
    const wire = recorder(sandbox);
    const store = createMemoryStore();
    const forLender = (partnerId: string) =>
      createServiceClient({
        baseUrl: BASE_URL,
        clientId: 'platform_client',
        clientSecret: 'platform_secret',
        partnerId,
        store,
        fetch: wire.fetch,
      });
    const a = forLender('lender_a');
    const b = forLender('lender_b');

    const [loanA, loanB] = await Promise.all([
      a.call('submitLoanApplication', { body: createLoanApplicationFixture() }),
      b.call('submitLoanApplication', { body: createLoanApplicationFixture() }),
    ]);

    const partners = wire.tokenRequests().map((t) => JSON.parse(t.body).partner_id);
    expect(partners.sort()).toEqual(['lender_a', 'lender_b']);
    await expect(a.call('getLoan', { params: { loanId: loanA.id } })).resolves.toMatchObject({
      id: loanA.id,
    });
    await expect(b.call('getLoan', { params: { loanId: loanA.id } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(a.call('getLoan', { params: { loanId: loanB.id } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(wire.tokenRequests()).toHaveLength(2);
  });

  it('R1: 150 rate-limited calls in a burst: the sandbox never answers 429', async () => {
    sandbox = createSandboxService({ clock: 'auto' });
    const wire = recorder(sandbox);
    const client = createServiceClient({
      baseUrl: BASE_URL,
      clientId: SANDBOX_DEFAULTS.clientId,
      clientSecret: SANDBOX_DEFAULTS.clientSecret,
      fetch: wire.fetch,
    });
    const { id } = await client.call('submitLoanApplication', {
      body: createLoanApplicationFixture(),
    });

    const reads = Array.from({ length: 149 }, () =>
      track(client.call('getLoan', { params: { loanId: id } })),
    );
    await drive(() => reads.every((r) => r.settled), 25_000);

    expect(sandbox.stats().rateLimited).toBe(0);
    expect(sandbox.stats().requests.getLoan).toBe(89);
    expect(reads.filter((r) => r.settled && !r.error)).toHaveLength(89);
    expect(reads.filter((r) => r.error instanceof RateLimitedError)).toHaveLength(60);
  });

  it('T17: a flow with faults logs neither the secret nor any token', async () => {
    sandbox = createSandboxService({ clock: 'auto' });
    const wire = recorder(sandbox);
    const logger = captureLogger();
    const client = createServiceClient({
      baseUrl: BASE_URL,
      clientId: SANDBOX_DEFAULTS.clientId,
      clientSecret: SANDBOX_DEFAULTS.clientSecret,
      fetch: wire.fetch,
      logger,
      random: () => 0.5,
    });
    const errors: unknown[] = [];
    const run = async (p: Promise<unknown>) => {
      const t = track(p);
      await drive(() => t.settled, 20_000);
      expect(t.settled).toBe(true);
      if (t.error) errors.push(t.error);
    };
    const { id } = await client.call('submitLoanApplication', {
      body: createLoanApplicationFixture(),
    });
    sandbox.invalidateTokens();
    sandbox.injectFault({ operation: 'getLoan', status: 503, times: 3 });
    await run(client.call('getLoan', { params: { loanId: id } }));
    sandbox.injectFault({
      operation: 'getLoan',
      status: 429,
      times: 3,
      body: 'Rate limit exceeded',
    });
    await run(client.call('getLoan', { params: { loanId: id } }));
    await run(client.call('getPolicy', { params: { policyId: 'pol_missing' } }));
    sandbox.invalidateTokens();
    sandbox.injectFault({ operation: 'createToken', status: 401, body: 'bad' });
    await run(client.call('getLoan', { params: { loanId: id } }));

    expect(errors).toHaveLength(4);
    expect(logger.lines.length).toBeGreaterThan(3);
    const tokens = wire.sent.flatMap((s) => (s.authorization ? [s.authorization.slice(7)] : []));
    expect(new Set(tokens).size).toBe(2);
    const seen = [
      JSON.stringify(logger.lines),
      ...errors.flatMap((e) => {
        const err = e as Error & { cause?: unknown };
        return [
          String(err),
          err.stack ?? '',
          JSON.stringify(err),
          JSON.stringify(err.cause ?? null),
        ];
      }),
    ].join('\n');
    for (const secret of [SANDBOX_DEFAULTS.clientSecret, ...tokens]) {
      expect(seen).not.toContain(secret);
    }
  });
});
