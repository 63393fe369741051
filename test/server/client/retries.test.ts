import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/core/errors/NetworkError.js';
import { NotFoundError } from '../../../src/core/errors/NotFoundError.js';
import { OutcomeUnknownError } from '../../../src/core/errors/OutcomeUnknownError.js';
import { RateLimitedError } from '../../../src/core/errors/RateLimitedError.js';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { TimeoutError } from '../../../src/core/errors/TimeoutError.js';
import { ValidationError } from '../../../src/core/errors/ValidationError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import type { ClientOperationName } from '../../../src/server/client/ServiceClient.js';
import {
  clientOptions,
  createFakeService,
  hang,
  json,
  networkFailure,
  type RecordedRequest,
  rateLimited,
  START,
  seededRandom,
  track,
} from './fakeService.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const loan = { params: { loanId: 'ln_1' } };
/** Times of the requests of an operation, relative to the start. */
const times = (requests: RecordedRequest[]) => requests.map((r) => r.at - START);

describe('429', () => {
  it('R6: a 429 with Retry-After: 2 is retried once, 2000 ms later, and succeeds', async () => {
    const service = createFakeService();
    service.script('getLoan', rateLimited({ 'Retry-After': '2' }));
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));

    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(service.count('getLoan')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await call.promise;

    expect(call.value).toMatchObject({ id: 'ln_1' });
    expect(times(service.of('getLoan'))).toEqual([0, 2_000]);
  });

  it('R6: the jitter comes on top of Retry-After, never before it', async () => {
    const service = createFakeService();
    service.script('getLoan', rateLimited({ 'Retry-After': '2' }));
    const client = createServiceClient(clientOptions(service, { random: () => 0.5 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(5_000);
    await call.promise;
    expect(times(service.of('getLoan'))).toEqual([0, 2_250]);
  });

  it('R6: a non-idempotent POST is retried on 429 too (the service did not process it)', async () => {
    const service = createFakeService();
    service.script('submitLoanApplication', rateLimited({ 'Retry-After': '1' }));
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));
    const call = track(client.call('submitLoanApplication', { body: {} as never }));
    await vi.advanceTimersByTimeAsync(1_000);
    await call.promise;
    expect(call.value).toMatchObject({ id: 'ln_new' });
    expect(times(service.of('submitLoanApplication'))).toEqual([0, 1_000]);
  });

  it('R7: a Retry-After HTTP-date 2 s ahead waits 2000 ms', async () => {
    vi.setSystemTime(Date.UTC(2031, 0, 1, 11, 59, 58));
    const t0 = Date.now();
    const service = createFakeService();
    service.script('getLoan', rateLimited({ 'Retry-After': 'Wed, 01 Jan 2031 12:00:00 GMT' }));
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(service.count('getLoan')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await call.promise;
    expect(service.of('getLoan').map((r) => r.at - t0)).toEqual([0, 2_000]);
  });

  it('R7: a Retry-After date in the past waits only the jitter', async () => {
    vi.setSystemTime(Date.UTC(2031, 0, 1, 12, 0, 5));
    const t0 = Date.now();
    const service = createFakeService();
    service.script('getLoan', rateLimited({ 'Retry-After': 'Wed, 01 Jan 2031 12:00:00 GMT' }));
    const client = createServiceClient(clientOptions(service, { random: () => 0.5 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(1_000);
    await call.promise;
    expect(service.of('getLoan').map((r) => r.at - t0)).toEqual([0, 250]);
  });

  it.each([
    '-1',
    '1.5',
    '1e3',
    '１２',
    '1, 2',
    'Wed, 01 Jan 2031 12:00:00 UTC',
    '2031-01-01T12:00:00Z',
    '',
  ])('R8: an invalid Retry-After %j is ignored and the jittered backoff used', async (header) => {
    const service = createFakeService();
    const response = rateLimited();
    // Headers refuses non-Latin-1 text such as full-width digits; a decoder upstream may not.
    const headers = new Headers(response.headers);
    Object.defineProperty(response, 'headers', {
      value: { get: (name: string) => (name === 'retry-after' ? header : headers.get(name)) },
    });
    service.script('getLoan', response);
    const client = createServiceClient(clientOptions(service, { random: () => 0.5 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(1_000);
    await call.promise;
    expect(call.value).toMatchObject({ id: 'ln_1' });
    expect(times(service.of('getLoan'))).toEqual([0, 250]);
  });

  it.each([
    ['2147483648 (timer overflow)', '2147483648', 2_147_483_648_000],
    ['31 (above maxRetryAfterMs)', '31', 31_000],
    ['25 (beyond the 20 s deadline)', '25', 25_000],
  ])('R9: Retry-After %s is not waited for: RateLimitedError at once', async (_, header, ms) => {
    const service = createFakeService();
    service.script('getLoan', rateLimited({ 'Retry-After': header }));
    const client = createServiceClient(clientOptions(service));
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');

    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(0);

    expect(call.settled).toBe(true);
    expect(call.error).toBeInstanceOf(RateLimitedError);
    expect((call.error as RateLimitedError).retryAfterMs).toBe(ms);
    expect(service.count('getLoan')).toBe(1);
    for (const [, delay] of setTimeoutSpy.mock.calls) {
      expect(delay ?? 0).toBeLessThan(2 ** 31);
    }
    await vi.advanceTimersByTimeAsync(120_000);
    expect(service.count('getLoan')).toBe(1);
    setTimeoutSpy.mockRestore();
  });

  it('R9: maxRetryAfterMs is the limit even when the deadline would allow the wait', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => rateLimited({ 'Retry-After': '6' }));
    service.setDefault('getPolicy', () => rateLimited({ 'Retry-After': '5' }));
    const client = createServiceClient(
      clientOptions(service, { random: () => 0, retry: { maxRetryAfterMs: 5_000, attempts: 2 } }),
    );
    const over = track(client.call('getLoan', loan));
    const within = track(client.call('getPolicy', { params: { policyId: 'p1' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(over.error).toBeInstanceOf(RateLimitedError);
    expect((over.error as RateLimitedError).retryAfterMs).toBe(6_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times(service.of('getLoan'))).toEqual([0]);
    expect(times(service.of('getPolicy'))).toEqual([0, 5_000]);
    expect((within.error as RateLimitedError).retryAfterMs).toBe(5_000);
  });

  it('R10: repeated 429 without Retry-After: delay n in [0, min(8 s, 0.5 s * 2^n)], 3 attempts at most (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.constantFrom<ClientOperationName>('getLoan', 'submitLoanApplication', 'getPolicy'),
        async (seed, operation) => {
          vi.setSystemTime(START);
          const service = createFakeService();
          service.setDefault(operation, () => rateLimited());
          const client = createServiceClient(
            clientOptions(service, { random: seededRandom(seed) }),
          );
          const call = track(
            client.call(operation, {
              params: { loanId: 'ln_1', policyId: 'pol_1' },
              body: {} as never,
            }),
          );
          await vi.advanceTimersByTimeAsync(30_000);

          expect(call.error).toBeInstanceOf(RateLimitedError);
          const at = times(service.of(operation));
          expect(at).toHaveLength(3);
          for (let n = 0; n < at.length - 1; n++) {
            const delay = (at[n + 1] as number) - (at[n] as number);
            expect(delay).toBeGreaterThanOrEqual(0);
            expect(delay).toBeLessThanOrEqual(Math.min(8_000, 500 * 2 ** n));
          }
          expect(at.at(-1)).toBeLessThan(20_000);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('R10: the cap holds for later attempts too (attempts: 6, cap 8 s)', async () => {
    const service = createFakeService();
    service.setDefault('getPolicy', () => rateLimited());
    const client = createServiceClient(
      clientOptions(service, {
        random: () => 0.999_999,
        retry: { attempts: 6, baseDelayMs: 2_000 },
        deadlineMs: 29_000,
      }),
    );
    const call = track(client.call('getPolicy', { params: { policyId: 'p1' } }));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(call.error).toBeInstanceOf(RateLimitedError);
    const at = times(service.of('getPolicy'));
    const delays = at.slice(1).map((t, i) => t - (at[i] as number));
    // Caps 2000, 4000, then 8000 twice; a third 8 s wait would pass the 29 s deadline.
    expect(delays).toEqual([1_999, 3_999, 7_999, 7_999]);
  });

  it('R11: a 429 storm on 50 concurrent calls: at most 3 attempts each, none before Retry-After, spread out', async () => {
    const service = createFakeService();
    const stormEnds = START + 10_000;
    service.setDefault('getShoppedLoan', (req: RecordedRequest) =>
      req.at < stormEnds
        ? rateLimited({ 'Retry-After': '5' })
        : json({ id: req.params.loanId, status: 'RC1_RATED', quotes: [] }),
    );
    const client = createServiceClient(clientOptions(service, { random: seededRandom(11) }));

    const calls = Array.from({ length: 50 }, (_, i) =>
      track(client.call('getShoppedLoan', { params: { loanId: `ln_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(20_000);

    const requests = service.of('getShoppedLoan');
    expect(requests.length).toBeLessThanOrEqual(150);
    for (const c of calls) expect(c.value).toMatchObject({ status: 'RC1_RATED' });
    for (let i = 0; i < 50; i++) {
      const at = requests.filter((r) => r.params.loanId === `ln_${i}`).map((r) => r.at);
      expect(at).toHaveLength(3);
      for (let n = 1; n < at.length; n++) {
        expect((at[n] as number) - (at[n - 1] as number)).toBeGreaterThanOrEqual(5_000);
      }
    }
    // The retries of the second round land over a spread, not in one instant.
    const secondRound = requests.slice(50, 100).map((r) => r.at);
    expect(new Set(secondRound).size).toBeGreaterThan(40);
    const busiest = Math.max(
      ...secondRound.map((t) => secondRound.filter((u) => u >= t && u < t + 50).length),
    );
    expect(busiest).toBeLessThanOrEqual(15);
  });
});

describe('5xx, timeouts and network errors', () => {
  it('R12: get loan 503, 503, 200 is retried with backoff and succeeds', async () => {
    const service = createFakeService();
    service.script('getLoan', json({}, 503), json({}, 503));
    const client = createServiceClient(clientOptions(service, { random: () => 0.5 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(2_000);
    await call.promise;
    expect(call.value).toMatchObject({ id: 'ln_1' });
    expect(times(service.of('getLoan'))).toEqual([0, 250, 750]);
  });

  it('R12: three 5xx on an idempotent read end with the last ServiceError', async () => {
    const service = createFakeService();
    service.script(
      'getPolicy',
      json({}, 500),
      json({}, 502),
      json({ error: { code: 'busy' } }, 503),
    );
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));
    const call = track(client.call('getPolicy', { params: { policyId: 'p1' } }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(call.error).toBeInstanceOf(ServiceError);
    expect(call.error).toMatchObject({ status: 503, serviceCode: 'busy' });
    expect(service.count('getPolicy')).toBe(3);
  });

  const nonIdempotent: Array<[ClientOperationName, object]> = [
    ['submitLoanApplication', {}],
    ['selectQuote', { params: { loanId: 'ln_1', quoteId: 'q_1' } }],
    ['scheduleCall', { body: { id: 'ln_1' } }],
    ['callMeNow', { body: { id: 'ln_1' } }],
  ];

  it.each(nonIdempotent)('R13: a 503 on %s is not retried', async (operation, options) => {
    const service = createFakeService();
    service.setDefault(operation, () => json({}, 503));
    const client = createServiceClient(clientOptions(service));
    const call = track(client.call(operation, options as never));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(call.error).toBeInstanceOf(ServiceError);
    expect((call.error as ServiceError).status).toBe(503);
    expect(service.count(operation)).toBe(1);
  });

  it.each(nonIdempotent)(
    'R13: a timeout on %s is not retried: OutcomeUnknownError after 10 s (it may have been done)',
    async (operation, options) => {
      const service = createFakeService();
      service.setDefault(operation, hang);
      const client = createServiceClient(clientOptions(service));
      const call = track(client.call(operation, options as never));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(call.settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(call.error).toBeInstanceOf(OutcomeUnknownError);
      expect(call.error).toMatchObject({ code: 'outcome_unknown', status: 502 });
      expect(service.of(operation)[0]?.signal?.aborted).toBe(true);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(service.count(operation)).toBe(1);
    },
  );

  it('R14: a network error is retried for a GET and not for a POST', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => networkFailure());
    service.setDefault('submitLoanApplication', () => networkFailure());
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));

    const get = track(client.call('getLoan', loan));
    const post = track(client.call('submitLoanApplication', { body: {} as never }));
    await vi.advanceTimersByTimeAsync(5_000);

    expect(get.error).toBeInstanceOf(NetworkError);
    expect(post.error).toBeInstanceOf(NetworkError);
    expect(service.count('getLoan')).toBe(3);
    expect(service.count('submitLoanApplication')).toBe(1);
  });

  it('R14: a hung GET is retried after the 10 s attempt timeout and the 20 s deadline holds', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', hang);
    const client = createServiceClient(clientOptions(service, { random: () => 0.5 }));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(call.error).toBeInstanceOf(TimeoutError);
    expect(times(service.of('getLoan'))).toEqual([0, 10_250]);
    expect(service.of('getLoan').every((r) => r.signal?.aborted)).toBe(true);
  });

  it('R14: a fetch that ignores its signal still times out', async () => {
    const service = createFakeService();
    service.setDefault('submitLoanApplication', () => new Promise<Response>(() => undefined));
    service.setDefault('getLoan', () => new Promise<Response>(() => undefined));
    const client = createServiceClient(clientOptions(service));
    const post = track(client.call('submitLoanApplication', { body: {} as never }));
    const get = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(post.error).toBeInstanceOf(OutcomeUnknownError);
    expect(get.error).toBeInstanceOf(TimeoutError);
  });
});

describe('other 4xx', () => {
  it.each([
    [
      400,
      {
        error: {
          code: 'validation_error',
          message: 'Bad',
          issues: [{ path: 'x', message: 'bad' }],
        },
      },
      ValidationError,
    ],
    [404, { error: { code: 'not_found', message: 'Loan application not found' } }, NotFoundError],
    [
      409,
      { error: { code: 'loan_closed', message: 'The loan application is closed' } },
      ServiceError,
    ],
    [422, { message: 'Unprocessable' }, ServiceError],
  ])('R15: a %i is never retried', async (status, body, type) => {
    const service = createFakeService();
    service.setDefault('getLoan', () => json(body, status));
    const client = createServiceClient(clientOptions(service));
    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(call.error).toBeInstanceOf(type);
    expect((call.error as ServiceError).status).toBe(status);
    expect(service.count('getLoan')).toBe(1);
  });
});

describe('R16: the caller gives up', () => {
  it('R16: an abort during backoff cancels the pending retries', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', () => json({}, 503));
    const client = createServiceClient(clientOptions(service, { random: () => 0.9 }));
    const controller = new AbortController();
    const call = track(client.call('getLoan', { ...loan, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    expect(service.count('getLoan')).toBe(1);

    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect((call.error as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(service.count('getLoan')).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('R16: an abort while the request is in flight aborts the fetch', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', hang);
    const client = createServiceClient(clientOptions(service));
    const controller = new AbortController();
    const call = track(client.call('getLoan', { ...loan, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('browser went away'));
    await vi.advanceTimersByTimeAsync(0);
    expect((call.error as Error).message).toBe('browser went away');
    expect(service.of('getLoan')[0]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(service.count('getLoan')).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('R16: an already aborted signal sends nothing, not even a token request', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('getLoan', { ...loan, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(service.requests).toHaveLength(0);
  });
});
