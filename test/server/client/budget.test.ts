import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../../../src/core/errors/RateLimitedError.js';
import { TimeoutError } from '../../../src/core/errors/TimeoutError.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../../../src/core/timeouts.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { SERVICE_CLIENT_DEFAULTS } from '../../../src/server/client/serviceClientDefaults.js';
import {
  clientOptions,
  createFakeService,
  hang,
  json,
  type RecordedRequest,
  START,
  track,
} from './fakeService.js';

const d = SERVICE_CLIENT_DEFAULTS;

describe('R17: the retry budget stays below the browser timeout (static)', () => {
  it('R17: the defaults are the documented ones', () => {
    expect(d).toEqual({
      timeoutMs: 10_000,
      deadlineMs: 20_000,
      maxResponseBytes: 1_048_576,
      rateLimit: { limit: 90, windowMs: 60_000, backgroundLimit: 72, latencyAllowanceMs: 5_000 },
      retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 },
      tokenRefreshSkewMs: 300_000,
    });
    expect(d.rateLimit.limit).toBeLessThan(100);
  });

  it('R17: the whole-call deadline is below BROWSER_REQUEST_TIMEOUT_MS', () => {
    expect(d.deadlineMs).toBeLessThan(BROWSER_REQUEST_TIMEOUT_MS);
  });

  it('R17: attempts × timeout + backoff caps fit, once cut by the deadline', () => {
    const { attempts, baseDelayMs, maxDelayMs } = d.retry;
    let backoffCaps = 0;
    for (let n = 0; n < attempts - 1; n++)
      backoffCaps += Math.min(maxDelayMs, baseDelayMs * 2 ** n);
    const uncut = attempts * d.timeoutMs + backoffCaps;
    expect(backoffCaps).toBe(1_500);
    // Left to itself the worst case (31.5 s) would outlast the browser: the deadline is what
    // ends a call, and every wait (queue, backoff, Retry-After, attempt) is cut to it.
    expect(uncut).toBe(31_500);
    expect(Math.min(uncut, d.deadlineMs)).toBeLessThan(BROWSER_REQUEST_TIMEOUT_MS);
    expect(d.timeoutMs).toBeLessThan(d.deadlineMs);
  });

  it('R17: a deadline at or above the browser timeout is refused', () => {
    const service = createFakeService();
    expect(() =>
      createServiceClient(clientOptions(service, { deadlineMs: BROWSER_REQUEST_TIMEOUT_MS })),
    ).toThrow(RangeError);
    expect(() =>
      createServiceClient(clientOptions(service, { deadlineMs: BROWSER_REQUEST_TIMEOUT_MS - 1 })),
    ).not.toThrow();
  });
});

describe('R17: the deadline holds at run time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('R17: a slow token request then hung attempts end at exactly the deadline', async () => {
    const service = createFakeService();
    service.script('createToken', async () => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      return json({ access_token: 'eyJ.slow.token', expires_in: 86_400 });
    });
    service.setDefault('getLoan', hang);
    const client = createServiceClient(clientOptions(service, { random: () => 0.99 }));

    const call = track(client.call('getLoan', { params: { loanId: 'ln_1' } }));
    await vi.advanceTimersByTimeAsync(d.deadlineMs - 1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(call.error).toBeInstanceOf(TimeoutError);
    // Attempt 1 times out at 16 s; attempt 2 (after 495 ms of backoff) gets what is left.
    expect(service.of('getLoan').map((r: RecordedRequest) => r.at - START)).toEqual([
      6_000, 16_495,
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('R17: a queued call never waits past its deadline', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 1, windowMs: 15_000 }, deadlineMs: 12_000 }),
    );
    await client.call('getLoan', { params: { loanId: 'ln_0' } });
    const queued = track(client.call('getLoan', { params: { loanId: 'ln_1' } }));
    await vi.advanceTimersByTimeAsync(0);
    // The next slot frees at 15 s, after the 12 s deadline: no point in waiting.
    expect(queued.error).toBeInstanceOf(RateLimitedError);
    expect((queued.error as RateLimitedError).retryAfterMs).toBe(15_000);
    expect(service.count('getLoan')).toBe(1);
  });
});
