import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutcomeUnknownError } from '../../../src/core/errors/OutcomeUnknownError.js';
import { RateLimitedError } from '../../../src/core/errors/RateLimitedError.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../../../src/core/timeouts.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import { StoreUnavailableError } from '../../../src/server/store/StoreUnavailableError.js';
import type { Responder } from './helpers.js';
import {
  cannedResponder,
  createRecordingClient,
  deferred,
  flush,
  loanApplication,
  setup,
  until,
} from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

const key = (k: string) => ({ 'Idempotency-Key': k });
const submit = { body: loanApplication(), headers: key('apply-1') };

/** A store whose writes fail while `down` is set, as a shared store in an outage does. */
function flakyStore(): { store: Store; down: { on: boolean } } {
  const inner = createMemoryStore();
  const down = { on: false };
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (down.on) throw new StoreUnavailableError('Redis store: no answer in 2000 ms');
      return fn(...args);
    };
  return {
    down,
    store: {
      ...inner,
      set: guard(inner.set),
      get: guard(inner.get),
      setIfAbsent: guard(inner.setIfAbsent),
    },
  };
}

/** A responder whose submit waits for `gate` and honours the signal it is given, like a real client. */
function gatedSubmit(gate: Promise<void>): Responder {
  return async (name, options) => {
    if (name === 'submitLoanApplication') {
      await new Promise<void>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(options.signal?.reason), {
          once: true,
        });
        gate.then(resolve);
      });
    }
    return cannedResponder(name, options);
  };
}

describe('the outcome of a write belongs to its key', () => {
  it('B27: a write whose outcome is unknown is answered so, logged with its key, and replayed: never sent twice', async () => {
    const { send, calls, logger } = setup({
      responder: (name, options) => {
        if (name === 'submitLoanApplication') throw new OutcomeUnknownError();
        return cannedResponder(name, options);
      },
    });
    const first = await send('POST', '/loans', submit);
    expect(first.status).toBe(502);
    expect(first.json.error.code).toBe('outcome_unknown');
    const retry = await send('POST', '/loans', submit);
    expect(retry.status).toBe(502);
    expect(retry.json.error.code).toBe('outcome_unknown');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(1);
    expect(logger.lines).toContainEqual({
      level: 'error',
      message: 'insurance bff: the outcome of a write is unknown; not sent again',
      meta: { operation: 'submitLoanApplication', idempotencyKey: 'apply-1' },
    });
  });

  it('B27: a write that surely did not happen (the service said 429) frees its key for the retry', async () => {
    let refuse = true;
    const { send, calls } = setup({
      responder: (name, options) => {
        if (name === 'submitLoanApplication' && refuse) {
          refuse = false;
          throw new RateLimitedError(2_000);
        }
        return cannedResponder(name, options);
      },
    });
    const first = await send('POST', '/loans', submit);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    const retry = await send('POST', '/loans', submit);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(2);
  });

  it('B28: the store failing between the answer and the record: the retry gets the loan, with one POST and the session bound', async () => {
    const { store, down } = flakyStore();
    const { send, calls, owned } = setup({
      store,
      responder: (name, options) => {
        if (name === 'submitLoanApplication') down.on = true;
        return cannedResponder(name, options);
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = await send('POST', '/loans', submit);
    expect(first.status).toBe(503);
    expect(first.json.error.code).toBe('unavailable');
    down.on = false;
    const pending = send('POST', '/loans', submit);
    // The outcome, kept in memory, is written at the next try, and the retry gets it.
    await vi.advanceTimersByTimeAsync(500);
    const retry = await pending;
    expect(retry.status).toBe(201);
    expect(retry.json.id).toBe('loan_new');
    expect(calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(1);
    expect(owned.get('alice')?.has('loan_new')).toBe(true);
  });

  it('B28: onLoanCreated failing after the answer: the retry binds the loan without a second POST', async () => {
    let failures = 1;
    const bound: string[] = [];
    const { send, calls } = setup({
      onLoanCreated: ({ loan }) => {
        if (failures-- > 0) throw new StoreUnavailableError('host database down');
        bound.push(loan.id);
      },
    });
    expect((await send('POST', '/loans', submit)).status).toBe(503);
    const retry = await send('POST', '/loans', submit);
    expect(retry.status).toBe(201);
    expect(bound).toEqual(['loan_new']);
    expect(calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(1);
  });

  it('B29: the browser leaving before the answer: the late answer is recorded and bound, and the retry replays it', async () => {
    const gate = deferred<void>();
    const { raw, send, calls, owned } = setup({ responder: gatedSubmit(gate.promise) });
    const tab = new AbortController();
    const first = raw('POST', '/loans', { ...submit, signal: tab.signal });
    await until(() => calls.length === 1);
    tab.abort();
    await first.catch(() => undefined);
    // The write goes on: the service answers after the tab closed.
    gate.resolve();
    await until(() => owned.get('alice')?.has('loan_new') === true);
    expect(calls[0]?.options.signal).toBeUndefined();
    const retry = await send('POST', '/loans', submit);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(1);
  });

  it('U3: a retry while the first is in flight waits for it and gets its answer, with one POST', async () => {
    const gate = deferred<void>();
    const { send, calls } = setup({ responder: gatedSubmit(gate.promise) });
    const first = send('POST', '/loans', submit);
    await until(() => calls.length === 1);
    const second = send('POST', '/loans', submit);
    await flush();
    gate.resolve();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.text).toBe(a.text);
    expect(calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(1);
  });

  it('B28: another instance sharing the store waits for the first one and replays its answer', async () => {
    const store = createMemoryStore();
    // Counts looks at idempotency records: B has seen the key taken before the answer comes.
    let looks = 0;
    const get = store.get.bind(store);
    store.get = (key) => {
      if (key.startsWith('lir:idem:')) looks++;
      return get(key);
    };
    const gate = deferred<void>();
    const client = createRecordingClient(gatedSubmit(gate.promise));
    const a = setup({ store, client });
    const b = setup({ store, client });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = a.send('POST', '/loans', submit);
    await until(() => client.calls.length > 0);
    const second = b.send('POST', '/loans', submit);
    await until(() => looks > 0);
    await vi.advanceTimersByTimeAsync(1_000);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(250);
    const [x, y] = await Promise.all([first, second]);
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(y.text).toBe(x.text);
    expect(client.calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(1);
  });

  it('R17: a request waiting for the first with its key gives up with 409 and Retry-After before the browser would', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = createMemoryStore();
    const never = deferred<void>();
    const client = createRecordingClient(gatedSubmit(never.promise));
    const a = setup({ store, client });
    const b = setup({ store, client });
    void a.send('POST', '/loans', submit);
    await until(() => client.calls.length > 0);
    const start = Date.now();
    let res: Awaited<ReturnType<typeof b.send>> | undefined;
    void b.send('POST', '/loans', submit).then((r) => {
      res = r;
    });
    // Step by step: hashing the key is real work, off the fake clock.
    while (res === undefined && Date.now() - start < BROWSER_REQUEST_TIMEOUT_MS) {
      await vi.advanceTimersByTimeAsync(250);
      await flush(2);
    }
    if (!res) throw new Error('no answer before the browser gave up');
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('idempotency_in_progress');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Date.now() - start).toBeLessThan(BROWSER_REQUEST_TIMEOUT_MS);
    expect(client.calls).toHaveLength(1);
  });

  it('B29: a write whose holder died mid-request (its lease ran out) is unknown to the next instance, not sent again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = createMemoryStore();
    const never = deferred<void>();
    const client = createRecordingClient(gatedSubmit(never.promise));
    const dying = setup({ store, client });
    void dying.send('POST', '/loans', submit);
    await until(() => client.calls.length > 0);
    vi.setSystemTime(Date.now() + 61_000);
    const next = setup({ store, client });
    const retry = await next.send('POST', '/loans', submit);
    expect(retry.status).toBe(502);
    expect(retry.json.error.code).toBe('outcome_unknown');
    expect(client.calls.filter((c) => c.name === 'submitLoanApplication')).toHaveLength(1);
  });
});
