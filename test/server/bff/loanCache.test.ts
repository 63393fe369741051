import { afterEach, describe, expect, it, vi } from 'vitest';
import { BFF_DEFAULTS } from '../../../src/server/bff/index.js';
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

  it('reads are kept per loan for the TTL; a loan.shopped event makes the next read of that loan take its status from the display', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send, calls, relay } = setup();
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1', { session: 'alice' });
    await send('GET', '/loans/loan_a2');
    expect(calls.map((c) => [c.name, c.options.params?.loanId])).toEqual([
      ['getLoan', 'loan_a1'],
      ['getLoan', 'loan_a2'],
    ]);

    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    const after = await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a2');
    // The status the display answered (the canned display says RC1_RATED), on the kept loan.
    expect(after.json).toMatchObject({
      id: 'loan_a1',
      status: 'RC1_RATED',
      loanNumber: 'LN-loan_a1',
    });
    expect(calls.slice(2).map((c) => [c.name, c.options.params?.loanId])).toEqual([
      ['getQuoteDisplay', 'loan_a1'],
    ]);

    // The TTL is a safety bound only: past it, the loan is read again.
    vi.setSystemTime(Date.now() + BFF_DEFAULTS.loanCacheTtlMs - 1);
    await send('GET', '/loans/loan_a2');
    expect(calls).toHaveLength(3);
    vi.setSystemTime(Date.now() + 2);
    await send('GET', '/loans/loan_a2');
    expect(calls.map((c) => c.name)).toEqual(['getLoan', 'getLoan', 'getQuoteDisplay', 'getLoan']);
  });

  it('an event arriving while a read is in flight: that read is served, and the next read takes the status from the display', async () => {
    const gate = deferred<void>();
    let status = 'RC1_RATING';
    const { raw, send, calls, relay } = setup({
      responder: async (name, options) => {
        const seen = status; // what the service had when the call reached it
        if (calls.length === 1) await gate.promise;
        if (name === 'getLoan') return loanFixture('loan_a1', { status: seen });
        if (name === 'getQuoteDisplay') return { id: 'loan_a1', status: seen, quotes: [] };
        return cannedResponder(name, options);
      },
    });
    const first = raw('GET', '/loans/loan_a1');
    await flush();
    status = 'RC1_RATED';
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    gate.resolve();
    expect((await (await first).json()).status).toBe('RC1_RATING');
    expect((await send('GET', '/loans/loan_a1')).json.status).toBe('RC1_RATED');
    expect(calls.map((c) => c.name)).toEqual(['getLoan', 'getQuoteDisplay']);
  });

  it('a shop through the BFF sets the kept loan to quoting without a read; a write whose result is unknown makes the next read a fresh one', async () => {
    const { send, calls } = setup();
    await send('GET', '/loans/loan_a1');
    await send('PATCH', '/loans/loan_a1/shop');
    expect((await send('GET', '/loans/loan_a1')).json.status).toBe('RC1_RATING');
    expect(calls.map((c) => c.name)).toEqual(['getLoan', 'shopLoan']);

    await send('PUT', '/loans/loan_a1/loan-contacts', { body: [] });
    await send('GET', '/loans/loan_a1');
    expect(calls.map((c) => c.name)).toEqual([
      'getLoan',
      'shopLoan',
      'updateLoanContacts',
      'getLoan',
    ]);
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
