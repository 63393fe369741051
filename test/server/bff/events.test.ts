import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelayedEvent } from '../../../src/core/schemas/loanEvent.js';
import type { EventRelay } from '../../../src/server/events/createEventRelay.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import {
  flush,
  hasSecurityHeaders,
  parseSse,
  publishEvent,
  SSE,
  setup,
  sseReader,
} from './helpers.js';

/** A relay that counts live subscriptions, to see the stream unsubscribe. */
function countingRelay(): { relay: EventRelay; active: () => number } {
  const inner = createEventRelay({ store: createMemoryStore() });
  let active = 0;
  return {
    active: () => active,
    relay: {
      ...inner,
      async subscribe(loanId: string, listener: (entry: RelayedEvent) => void) {
        const unsubscribe = await inner.subscribe(loanId, listener);
        active++;
        return async () => {
          active--;
          await unsubscribe();
        };
      },
    },
  };
}

describe('loan events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('SSE: retry, the backlog, then live events, each as id/event/data; heartbeats every heartbeatMs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { raw, relay, calls } = setup();
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a2' });
    await publishEvent(relay, 'policy.bound', { loanId: 'loan_a1', policyId: 'pol_1' });

    const res = await raw('GET', '/loans/loan_a1/events', { headers: SSE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(hasSecurityHeaders(res.headers)).toBe(true);
    const sse = sseReader(res);
    await sse.until((t) => parseSse(t).length === 2);
    expect(sse.text.startsWith('retry: 3000\n\n')).toBe(true);
    expect(parseSse(sse.text)).toEqual([
      {
        id: '1',
        event: 'loan.shopped',
        data: {
          id: expect.any(String),
          type: 'loan.shopped',
          occurredAt: '2026-03-02T15:00:00Z',
          loanId: 'loan_a1',
        },
      },
      {
        id: '2',
        event: 'policy.bound',
        data: expect.objectContaining({ loanId: 'loan_a1', policyId: 'pol_1' }),
      },
    ]);

    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a2' });
    await publishEvent(relay, 'policy.retrieved', { loanId: 'loan_a1', policyId: 'pol_2' });
    await sse.until((t) => parseSse(t).length === 3);
    expect(parseSse(sse.text)[2]).toMatchObject({ id: '3', event: 'policy.retrieved' });

    expect(sse.text).not.toContain(': heartbeat');
    await vi.advanceTimersByTimeAsync(15_000);
    await sse.until((t) => t.includes(': heartbeat\n\n'));
    expect(sse.text.endsWith(': heartbeat\n\n')).toBe(true);
    await vi.advanceTimersByTimeAsync(15_000);
    await sse.until((t) => t.split(': heartbeat').length === 3);
    await sse.cancel();
    expect(calls).toEqual([]);
  });

  it('SSE: Last-Event-ID resumes after that cursor; live events already in the backlog are not sent twice', async () => {
    const { raw, relay } = setup();
    for (let i = 0; i < 4; i++) await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    const res = await raw('GET', '/loans/loan_a1/events', {
      headers: { ...SSE, 'Last-Event-ID': '2' },
    });
    const sse = sseReader(res);
    await sse.until((t) => parseSse(t).length === 2);
    expect(parseSse(sse.text).map((e) => e.id)).toEqual(['3', '4']);
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    await sse.until((t) => parseSse(t).length === 3);
    expect(parseSse(sse.text).map((e) => e.id)).toEqual(['3', '4', '5']);
    await sse.cancel();
  });

  it('SSE: an event published between subscribing and reading the backlog is sent exactly once', async () => {
    const store = createMemoryStore();
    const inner = createEventRelay({ store });
    let raced = false;
    const relay: EventRelay = {
      ...inner,
      async read(loanId, cursor) {
        // The event lands after the subscription, before the backlog read: in both.
        if (!raced) {
          raced = true;
          await publishEvent(inner, 'loan.shopped', { loanId });
        }
        return inner.read(loanId, cursor);
      },
    };
    const { raw } = setup({ store, relay });
    const sse = sseReader(await raw('GET', '/loans/loan_a1/events', { headers: SSE }));
    await sse.until((t) => parseSse(t).length >= 1);
    await publishEvent(inner, 'loan.shopped', { loanId: 'loan_a1' });
    await sse.until((t) => parseSse(t).length >= 2);
    expect(parseSse(sse.text).map((e) => e.id)).toEqual(['1', '2']);
    await sse.cancel();
  });

  it('SSE: cancelling the stream unsubscribes and stops the heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { relay, active } = countingRelay();
    const { raw } = setup({ relay });
    const sse = sseReader(await raw('GET', '/loans/loan_a1/events', { headers: SSE }));
    await sse.until((t) => t.includes('retry'));
    await flush();
    expect(active()).toBe(1);
    // The heartbeat and the session check.
    expect(vi.getTimerCount()).toBe(2);
    await sse.cancel();
    await flush();
    expect(active()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('SSE: the browser aborting the request ends the stream, unsubscribes and clears timers; close() ends open streams', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { relay, active } = countingRelay();
    const { raw, bff } = setup({ relay });
    const controller = new AbortController();
    const sse = sseReader(
      await raw('GET', '/loans/loan_a1/events', { headers: SSE, signal: controller.signal }),
    );
    await sse.until((t) => t.includes('retry'));
    await flush();
    controller.abort();
    expect(await sse.done()).toBe(true);
    await flush();
    expect(active()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    const other = sseReader(await raw('GET', '/loans/loan_a2/events', { headers: SSE }));
    await other.until((t) => t.includes('retry'));
    await flush();
    expect(active()).toBe(1);
    await bff.close();
    expect(await other.done()).toBe(true);
    await flush();
    expect(active()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('polling: JSON { events, cursor } from the backlog, `?after=` pages, no upstream call', async () => {
    const { send, relay, calls } = setup();
    const empty = await send('GET', '/loans/loan_a1/events');
    expect(empty.json).toEqual({ events: [], cursor: null });
    for (let i = 0; i < 3; i++) await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a2' });
    const all = await send('GET', '/loans/loan_a1/events');
    expect(all.status).toBe(200);
    expect(all.json.cursor).toBe('3');
    expect(all.json.events.map((e: RelayedEvent) => [e.cursor, e.event.loanId])).toEqual([
      ['1', 'loan_a1'],
      ['2', 'loan_a1'],
      ['3', 'loan_a1'],
    ]);
    const page = await send('GET', '/loans/loan_a1/events?after=2');
    expect(page.json.events.map((e: RelayedEvent) => e.cursor)).toEqual(['3']);
    const none = await send('GET', '/loans/loan_a1/events?after=3');
    expect(none.json).toEqual({ events: [], cursor: '3' });
    expect(calls).toEqual([]);
  });

  it('polling and SSE refuse a malformed cursor with 400', async () => {
    const { send } = setup();
    expect((await send('GET', '/loans/loan_a1/events?after=%0Aevil')).status).toBe(400);
    expect((await send('GET', `/loans/loan_a1/events?after=${'x'.repeat(65)}`)).status).toBe(400);
    const sse = await send('GET', '/loans/loan_a1/events', {
      headers: { ...SSE, 'Last-Event-ID': 'a b' },
    });
    expect(sse.status).toBe(400);
    expect(sse.json.error.code).toBe('invalid_cursor');
  });

  it('a hostile event type cannot inject SSE fields', async () => {
    const { raw, relay } = setup();
    await relay.publish({
      id: 'evt_x',
      type: 'loan.shopped\ndata: forged',
      objectType: 'loan',
      occurredAt: '2026-03-02T15:00:00Z',
      data: { loanId: 'loan_a1', partnerId: 'p' },
    });
    const sse = sseReader(await raw('GET', '/loans/loan_a1/events', { headers: SSE }));
    const text = await sse.until((t) => t.includes('data: {'));
    expect(text).not.toMatch(/^data: forged/m);
    expect(text).toContain('event: loan.shoppeddata: forged\n');
    await sse.cancel();
  });
});
