import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/server/index.js';
import { cannedResponder, deferred, flush, loanFixture, publishEvent, setup } from './helpers.js';

describe('get loan: coalescing and caching', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('10 concurrent reads of one loan make one client call, and all get the loan', async () => {
    const gate = deferred<void>();
    const { raw, calls } = setup({
      loanCacheTtlMs: 0,
      responder: async (name, options) => {
        await gate.promise;
        return cannedResponder(name, options);
      },
    });
    const pending = Array.from({ length: 10 }, () => raw('GET', '/loans/loan_a1'));
    await flush();
    expect(calls).toHaveLength(1);
    gate.resolve();
    const responses = await Promise.all(pending);
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('reads are cached per loan for the TTL; an event for the loan invalidates its copy only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send, calls, relay } = setup();
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1', { session: 'alice' });
    await send('GET', '/loans/loan_a2');
    expect(calls.map((c) => c.options.params?.loanId)).toEqual(['loan_a1', 'loan_a2']);

    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a2');
    expect(calls.map((c) => c.options.params?.loanId)).toEqual(['loan_a1', 'loan_a2', 'loan_a1']);

    vi.setSystemTime(Date.now() + 5_001);
    await send('GET', '/loans/loan_a2');
    expect(calls).toHaveLength(4);
  });

  it('an event arriving while a read is in flight: that read is served but not cached', async () => {
    const gate = deferred<void>();
    let status = 'RC1_RATING';
    const { raw, send, calls, relay } = setup({
      responder: async (name, options) => {
        const seen = status; // what the service had when the call reached it
        if (calls.length === 1) await gate.promise;
        return name === 'getLoan'
          ? loanFixture('loan_a1', { status: seen })
          : cannedResponder(name, options);
      },
    });
    const first = raw('GET', '/loans/loan_a1');
    await flush();
    status = 'RC1_RATED';
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    gate.resolve();
    expect((await (await first).json()).status).toBe('RC1_RATING');
    expect((await send('GET', '/loans/loan_a1')).json.status).toBe('RC1_RATED');
    expect(calls).toHaveLength(2);
  });

  it('a write to the loan through the BFF invalidates its copy', async () => {
    const { send, calls } = setup();
    await send('GET', '/loans/loan_a1');
    await send('PATCH', '/loans/loan_a1/shop');
    await send('GET', '/loans/loan_a1');
    expect(calls.map((c) => c.name)).toEqual(['getLoan', 'shopLoan', 'getLoan']);
  });

  it('a failed read is shared by its waiters and not cached', async () => {
    let fail = true;
    const { send, calls } = setup({
      responder: (name, options) => {
        if (fail) {
          fail = false;
          throw new NetworkError();
        }
        return cannedResponder(name, options);
      },
    });
    expect((await send('GET', '/loans/loan_a1')).status).toBe(502);
    expect((await send('GET', '/loans/loan_a1')).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('one browser going away does not abort the read others wait for; all going away aborts it', async () => {
    const gate = deferred<void>();
    const signals: AbortSignal[] = [];
    const { raw, calls } = setup({
      responder: async (name, options) => {
        if (options.signal) signals.push(options.signal);
        await gate.promise;
        return cannedResponder(name, options);
      },
    });
    const a = new AbortController();
    const b = new AbortController();
    const first = raw('GET', '/loans/loan_a1', { signal: a.signal });
    const second = raw('GET', '/loans/loan_a1', { signal: b.signal });
    await flush();
    expect(calls).toHaveLength(1);
    a.abort();
    await first;
    expect(signals[0]?.aborted).toBe(false);
    b.abort();
    await second;
    expect(signals[0]?.aborted).toBe(true);
    gate.resolve();
  });
});
