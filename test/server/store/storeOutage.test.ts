import { describe, expect, it, vi } from 'vitest';
import type { RelayedEvent } from '../../../src/core/schemas/loanEvent.js';
import { keepSubscribed } from '../../../src/server/bff/keepSubscribed.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store, SubscribeOptions } from '../../../src/server/store/Store.js';
import { StoreUnavailableError } from '../../../src/server/store/StoreUnavailableError.js';
import { publishEvent, setup as setupBff } from '../bff/helpers.js';
import { setup as setupWebhooks } from '../webhooks/webhookHarness.js';

// What the server side does while its store (a shared Redis, say) cannot answer: it fails
// closed, says so clearly, and picks up again once the store is back.

const down = () => Promise.reject(new StoreUnavailableError('Redis store: no answer in 2000 ms'));

/** A memory store whose listed methods fail while `outage.on` is true. */
function flakyStore(methods: ReadonlyArray<keyof Store>) {
  const inner = createMemoryStore();
  const outage = { on: true };
  const store = { ...inner } as Store;
  for (const name of methods) {
    const original = inner[name] as (...args: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      outage.on ? down() : original(...args);
  }
  return { store, outage };
}

/** The webhook harness over a store whose `method` fails while `outage.on` is true. */
function webhooksWithFlaky(method: 'setIfAbsent' | 'append') {
  const outage = { on: true };
  const s = setupWebhooks({}, (store) => {
    const original = store[method] as (...args: unknown[]) => Promise<unknown>;
    return {
      ...store,
      [method]: (...args: unknown[]) => (outage.on ? down() : original(...args)),
    } as Store;
  });
  return { s, outage };
}

describe('the webhook receiver while the store is down', () => {
  it('W18: answers 503 store_unavailable with Retry-After, processes nothing, and processes the retry once the store is back', async () => {
    const { s, outage } = webhooksWithFlaky('setIfAbsent');
    const refused = await s.send();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.body).toEqual({
      error: { code: 'store_unavailable', message: expect.any(String) },
    });
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(await s.relay.read('ln_1', null)).toEqual([]);

    outage.on = false;
    expect((await s.send()).status).toBe(200);
    expect(s.onEvent).toHaveBeenCalledTimes(1);
    expect(await s.relay.read('ln_1', null)).toHaveLength(1);
  });

  it('W18: a store failing while relaying releases the claim and answers 503, so the retry processes once', async () => {
    const { s, outage } = webhooksWithFlaky('append');
    expect((await s.send()).status).toBe(503);
    outage.on = false;
    expect((await s.send()).status).toBe(200);
    expect((await s.send()).body).toEqual({ duplicate: true });
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });
});

describe('the BFF while the store is down', () => {
  it('answers 503 unavailable with Retry-After and calls nothing upstream', async () => {
    const { store, outage } = flakyStore(['acquireSlot', 'get', 'setIfAbsent']);
    const { send, calls, logger } = setupBff({ store });
    const answer = await send('GET', '/loans/loan_a1', { session: 'alice' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.json).toEqual({
      error: { code: 'unavailable', message: 'Temporarily unavailable; retry shortly' },
    });
    expect(calls).toEqual([]);
    expect(logger.lines.map((e) => e.message)).toContain(
      'insurance bff: the shared store is unavailable',
    );
    outage.on = false;
    expect((await send('GET', '/loans/loan_a1', { session: 'alice' })).status).toBe(200);
  });

  it('ends an event stream when its subscription is interrupted, so the browser resumes from the backlog', async () => {
    const inner = createMemoryStore();
    const interrupts: Array<() => void> = [];
    const store: Store = {
      ...inner,
      subscribe(channel, listener, options?: SubscribeOptions) {
        if (options?.onInterrupted) interrupts.push(options.onInterrupted);
        return inner.subscribe(channel, listener, options);
      },
    };
    const { raw, relay } = setupBff({ store });
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    const res = await raw('GET', '/loans/loan_a1/events', {
      session: 'alice',
      headers: { Accept: 'text/event-stream' },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('event: loan.shopped')) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    for (const interrupt of interrupts) interrupt();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(text).toContain('id: 1');
  });
});

describe('keepSubscribed', () => {
  it('keeps trying to subscribe while the store is down, reporting a gap, then follows events', async () => {
    vi.useFakeTimers();
    try {
      const { store, outage } = flakyStore(['subscribe']);
      const relay = createEventRelay({ store });
      const seen: RelayedEvent[] = [];
      const gaps = vi.fn();
      const logger = { warn: vi.fn(), error: vi.fn() };
      const follower = keepSubscribed({
        subscribe: (onInterrupted) => relay.subscribeAll((e) => seen.push(e), { onInterrupted }),
        onGap: gaps,
        logger,
        what: 'loan events',
        retryDelayMs: () => 1_000,
      });
      await follower.firstAttempt;
      expect(logger.error).toHaveBeenCalledWith(
        'insurance bff: cannot follow loan events yet; retrying',
        { error: 'Redis store: no answer in 2000 ms' },
      );
      await vi.advanceTimersByTimeAsync(1_000);
      expect(gaps).toHaveBeenCalledTimes(2);
      outage.on = false;
      await vi.advanceTimersByTimeAsync(1_000);
      await publishEvent(relay, 'loan.shopped', { loanId: 'loan_x' });
      expect(seen.map((e) => e.event.loanId)).toEqual(['loan_x']);
      expect(logger.error).toHaveBeenCalledTimes(1);
      await follower.stop();
      await publishEvent(relay, 'loan.shopped', { loanId: 'loan_y' });
      expect(seen).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
