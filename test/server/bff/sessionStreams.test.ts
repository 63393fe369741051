import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import { flush, SESSIONS, SSE, setup, sseReader } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Sessions as a host keeps them: signing out removes one. */
function signedIn() {
  const live = new Set(Object.keys(SESSIONS));
  return {
    live,
    getSession: (request: Request) => {
      const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      return sid && live.has(sid) ? (SESSIONS[sid] ?? null) : null;
    },
  };
}

const open = async (bff: ReturnType<typeof setup>, session: string, loanId: string) => {
  const sse = sseReader(await bff.raw('GET', `/loans/${loanId}/events`, { session, headers: SSE }));
  await sse.until((t) => t.includes('retry'));
  return sse;
};

describe('an event stream ends when its session does', () => {
  it('B34: a stream ends within sessionCheckMs of its session signing out; others go on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sessions = signedIn();
    const bff = setup({ getSession: sessions.getSession, sessionCheckMs: 5_000 });
    const alice = await open(bff, 'alice', 'loan_a1');
    const bob = await open(bff, 'bob', 'loan_b1');
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    sessions.live.delete('alice');
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(await alice.done()).toBe(true);
    // Bob's stream is still open: it keeps sending heartbeats.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await bob.until((t) => t.includes('heartbeat'))).toContain(': heartbeat');
    await bob.cancel();
  });

  it('B34: a stream ends when authorize stops allowing its loan (access revoked)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bff = setup({ sessionCheckMs: 5_000 });
    const alice = await open(bff, 'alice', 'loan_a1');
    bff.owned.get('alice')?.delete('loan_a1');
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(await alice.done()).toBe(true);
  });

  it('B34: endSessionStreams ends the session’s streams at once, on every instance sharing the store', async () => {
    const store = createMemoryStore();
    const one = setup({ store });
    const two = setup({ store });
    const onOne = await open(one, 'alice', 'loan_a1');
    const onTwo = await open(two, 'alice', 'loan_a2');
    const bobs = await open(two, 'bob', 'loan_b1');
    await one.bff.endSessionStreams('alice');
    await flush();
    expect(await onOne.done()).toBe(true);
    expect(await onTwo.done()).toBe(true);
    // Not Bob's: his stream still delivers events.
    await two.relay.publish({
      id: 'evt_after_signout',
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date().toISOString(),
      data: { loanId: 'loan_b1', partnerId: 'p1' },
    });
    expect(await bobs.until((t) => t.includes('evt_after_signout'))).toContain('evt_after_signout');
    await bobs.cancel();
  });
});
