import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../../../src/core/errors/RateLimitedError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import {
  CLIENT_ID,
  clientOptions,
  createFakeService,
  type RecordedRequest,
  START,
  track,
} from './fakeService.js';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const LIMITED = ['submitLoanApplication', 'getLoan', 'shopLoan'] as const;

/** The largest number of requests in any window of `windowMs` (sliding, at every request). */
function busiestWindow(requests: RecordedRequest[], windowMs: number): number {
  const at = requests.map((r) => r.at);
  return Math.max(0, ...at.map((t) => at.filter((u) => u >= t && u < t + windowMs).length));
}

const limitedCall = (i: number) => {
  const operation = LIMITED[i % 3] as (typeof LIMITED)[number];
  return { operation, options: { params: { loanId: `ln_${i}` }, body: {} as never } };
};

describe('the partner limit', () => {
  it('R1: 150 limited calls in 1 s: 90 sent, the rest refused with RateLimitedError and never sent', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));

    const calls = Array.from({ length: 150 }, (_, i) => {
      const { operation, options } = limitedCall(i);
      vi.setSystemTime(START + Math.floor((i * 1_000) / 150));
      return track(client.call(operation, options));
    });
    await vi.advanceTimersByTimeAsync(25_000);

    const sent = service.requests.filter((r) => r.operation !== 'createToken');
    expect(sent).toHaveLength(90);
    const refused = calls.filter((c) => c.error instanceof RateLimitedError);
    expect(refused).toHaveLength(60);
    expect(calls.filter((c) => c.settled && !c.error)).toHaveLength(90);
    for (const c of refused) {
      // The window frees ~60 s after the first slot: more than the 20 s deadline allows.
      const retryAfterMs = (c.error as RateLimitedError).retryAfterMs as number;
      expect(retryAfterMs).toBeGreaterThan(58_000);
      expect(retryAfterMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('R1: when the window frees within the deadline, callers queue and are served in order', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 5, windowMs: 1_000 } }),
    );
    const calls = Array.from({ length: 12 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `ln_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(3_000);

    for (const c of calls) expect(c.error).toBeUndefined();
    const sent = service.of('getLoan');
    expect(sent.map((r) => r.params.loanId)).toEqual(calls.map((_, i) => `ln_${i}`));
    expect(sent.map((r) => r.at - START)).toEqual([
      0, 0, 0, 0, 0, 1e3, 1e3, 1e3, 1e3, 1e3, 2e3, 2e3,
    ]);
    expect(busiestWindow(sent, 1_000)).toBe(5);
  });

  it('R1: by default a call stays counted 5 s past the window, so a slow arrival never overruns the service', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, {
        rateLimit: { limit: 2, windowMs: 10_000, latencyAllowanceMs: undefined },
      }),
    );
    const calls = Array.from({ length: 3 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `ln_${i}` } })),
    );
    // The service counts each call from its arrival, up to 5 s after the client sent it; the
    // third call goes out only once the first is out of the service's window for sure.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(service.count('getLoan')).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.count('getLoan')).toBe(3);
    for (const c of calls) expect(c.error).toBeUndefined();
  });

  it('R2: 90 at 59.9 s and 90 at 60.1 s: the second batch waits ~60 s (a sliding window)', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    vi.setSystemTime(START + 59_900);
    const first = Array.from({ length: 90 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `a_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(200);
    const second = Array.from({ length: 90 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `b_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(25_000);

    expect(first.every((c) => c.settled && !c.error)).toBe(true);
    expect(service.count('getLoan')).toBe(90);
    for (const c of second) {
      expect(c.error).toBeInstanceOf(RateLimitedError);
      expect((c.error as RateLimitedError).retryAfterMs).toBe(59_800);
    }
  });

  it('R2: the same straddle on a 1 s window: the second batch goes out when the first leaves it', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 5, windowMs: 1_000 } }),
    );
    vi.setSystemTime(START + 900);
    const first = Array.from({ length: 5 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `a_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(200);
    const second = Array.from({ length: 5 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `b_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(2_000);

    for (const c of [...first, ...second]) expect(c.error).toBeUndefined();
    const at = service.of('getLoan').map((r) => r.at - START);
    expect(at).toEqual([900, 900, 900, 900, 900, 1_900, 1_900, 1_900, 1_900, 1_900]);
  });

  it('R3: partner P1 saturated does not delay partner P2', async () => {
    const service = createFakeService();
    const store = createMemoryStore();
    const p1 = createServiceClient(clientOptions(service, { store, partnerId: 'lender_1' }));
    const p2 = createServiceClient(clientOptions(service, { store, partnerId: 'lender_2' }));
    const flood = Array.from({ length: 100 }, (_, i) =>
      track(p1.call('getLoan', { params: { loanId: `p1_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(0);

    const other = await p2.call('getLoan', { params: { loanId: 'p2_0' } });
    expect(other).toMatchObject({ id: 'p2_0' });
    expect(service.of('getLoan').find((r) => r.params.loanId === 'p2_0')?.at).toBe(START);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(flood.filter((c) => c.error instanceof RateLimitedError)).toHaveLength(10);
    expect(await store.acquireSlot(`lir:rate:${CLIENT_ID}:lender_2`, 90, 60_000)).toEqual({
      acquired: true,
    });
  });

  it('R4: unlimited operations are neither delayed nor counted while the partner is saturated', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 2, windowMs: 10_000 } }),
    );
    const limited = Array.from({ length: 3 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `ln_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(service.count('getLoan')).toBe(2);

    for (let i = 0; i < 20; i++) {
      await client.call('getPolicy', { params: { policyId: `pol_${i}` } });
      await client.call('getQuoteDisplay', { params: { loanId: 'ln_1' } });
    }
    expect(service.of('getPolicy').every((r) => r.at === START)).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    // The third limited call got the slot freed at 10 s, not one used by the 40 others.
    expect(limited[2]?.error).toBeUndefined();
    expect(service.of('getLoan').map((r) => r.at - START)).toEqual([0, 0, 10_000]);
  });

  it('R1: the queue fails a waiter at its deadline when slots come too slowly for it', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 1, windowMs: 8_000 } }),
    );
    const calls = Array.from({ length: 4 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `ln_${i}` } })),
    );
    await vi.advanceTimersByTimeAsync(25_000);
    // Slots at 0, 8 s, 16 s; the fourth (24 s) is past its 20 s deadline.
    expect(service.of('getLoan').map((r) => r.at - START)).toEqual([0, 8_000, 16_000]);
    expect(calls.slice(0, 3).every((c) => c.settled && !c.error)).toBe(true);
    expect(calls[3]?.error).toBeInstanceOf(RateLimitedError);
  });

  it('R1: a waiter leaves at its deadline even when the store keeps promising a slot soon', async () => {
    const service = createFakeService();
    const memory = createMemoryStore();
    let asked = 0;
    // Another instance takes every slot first: the store always says "in a second".
    const store = {
      ...memory,
      acquireSlot: async () => {
        asked += 1;
        return { acquired: false as const, retryInMs: 1_000 };
      },
    };
    const client = createServiceClient(clientOptions(service, { store }));
    const call = track(client.call('getLoan', { params: { loanId: 'ln_1' } }));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(RateLimitedError);
    expect(asked).toBe(20);
    expect(service.count('getLoan')).toBe(0);
    // Nobody waits any more: the pump's nap ends with the last waiter, no timer is left.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toBe(20);
  });

  it('R16: aborting a queued call removes it from the queue with no request', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 1, windowMs: 5_000 } }),
    );
    const controller = new AbortController();
    const first = track(client.call('getLoan', { params: { loanId: 'ln_0' } }));
    const queued = track(
      client.call('getLoan', { params: { loanId: 'ln_1' }, signal: controller.signal }),
    );
    const after = track(client.call('getLoan', { params: { loanId: 'ln_2' } }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((queued.error as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(10_000);

    expect(first.error).toBeUndefined();
    expect(after.error).toBeUndefined();
    expect(service.of('getLoan').map((r) => [r.params.loanId, r.at - START])).toEqual([
      ['ln_0', 0],
      ['ln_2', 5_000],
    ]);
  });

  it('R16: when the last waiter aborts, the queue keeps no timer', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 1, windowMs: 10_000 } }),
    );
    await client.call('getLoan', { params: { loanId: 'ln_0' } });
    const controller = new AbortController();
    const queued = track(
      client.call('getLoan', { params: { loanId: 'ln_1' }, signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((queued.error as Error).name).toBe('AbortError');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('R1: retries take a slot too', async () => {
    const service = createFakeService();
    service.script('getLoan', new Response('', { status: 503 }));
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 1, windowMs: 5_000 }, random: () => 0 }),
    );
    const call = track(client.call('getLoan', { params: { loanId: 'ln_0' } }));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(call.error).toBeUndefined();
    expect(service.of('getLoan').map((r) => r.at - START)).toEqual([0, 5_000]);
  });
});

describe('priorities', () => {
  it('R20: background calls wait behind interactive ones in the partner queue', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 2, windowMs: 1_000, backgroundLimit: 2 } }),
    );
    const order: string[] = [];
    const call = (id: string, priority: 'interactive' | 'background') =>
      client.call('getLoan', { params: { loanId: id }, priority }).then(() => order.push(id));
    const calls = [
      call('fill_1', 'interactive'),
      call('fill_2', 'interactive'),
      call('bg_1', 'background'),
      call('bg_2', 'background'),
      call('ui_1', 'interactive'),
      call('bg_3', 'background'),
      call('ui_2', 'interactive'),
    ];
    await vi.advanceTimersByTimeAsync(3_000);
    await Promise.all(calls);

    expect(order).toEqual(['fill_1', 'fill_2', 'ui_1', 'ui_2', 'bg_1', 'bg_2', 'bg_3']);
    expect(service.of('getLoan').map((r) => r.at - START)).toEqual([0, 0, 1e3, 1e3, 2e3, 2e3, 3e3]);
  });

  it('R20: an interactive call arriving while background ones wait is served at once from the reserve', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { rateLimit: { limit: 5, windowMs: 10_000, backgroundLimit: 3 } }),
    );
    const background = Array.from({ length: 6 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `bg_${i}` }, priority: 'background' })),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(service.count('getLoan')).toBe(3);

    const ui = track(client.call('getLoan', { params: { loanId: 'ui' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(ui.settled).toBe(true);
    expect(service.of('getLoan').at(-1)?.at).toBe(START + 1_000);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(background.every((c) => c.settled && !c.error)).toBe(true);
    // Background calls hold at most 3 of the window: the interactive slot counts against that.
    expect(service.of('getLoan').map((r) => r.at - START)).toEqual([0, 0, 0, 1e3, 1e4, 1e4, 1.1e4]);
  });

  it('R20: a burst of 500 background fetches leaves room for borrowers (interactive wait < 2 s)', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service, { deadlineMs: 25_000 }));
    const background = Array.from({ length: 500 }, (_, i) =>
      track(client.call('getLoan', { params: { loanId: `hook_${i}` }, priority: 'background' })),
    );
    await vi.advanceTimersByTimeAsync(100);
    // Background calls may use 72 of the 90 slots; the rest is kept for borrowers.
    expect(service.count('getLoan')).toBe(72);

    const waits: number[] = [];
    for (let i = 0; i < 18; i++) {
      vi.setSystemTime(START + 1_000 + i * 500);
      const sentAt = Date.now();
      await client.call('getLoan', { params: { loanId: `ui_${i}` } });
      waits.push((service.of('getLoan').at(-1)?.at as number) - sentAt);
    }
    expect(waits.every((w) => w < 2_000)).toBe(true);
    expect(service.count('getLoan')).toBe(90);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(background.filter((c) => c.settled && !c.error)).toHaveLength(72);
    expect(background.filter((c) => c.error instanceof RateLimitedError)).toHaveLength(428);
    expect(busiestWindow(service.of('getLoan'), 60_000)).toBeLessThanOrEqual(90);
  });
});
