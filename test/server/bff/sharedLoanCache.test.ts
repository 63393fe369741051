import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/core/schemas/loan.js';
import type { LoanSources } from '../../../src/server/bff/createLoanCache.js';
import { createLoanCache } from '../../../src/server/bff/createLoanCache.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import { deferred, flush, loanFixture } from './helpers.js';

const TTL_MS = 60_000;

/** Instances sharing one store, on one clock the test moves. */
function instances(store?: Store) {
  const clock = { t: 1_000_000 };
  const now = () => clock.t;
  const shared = store ?? createMemoryStore({ now });
  const instance = () => createLoanCache({ ttlMs: TTL_MS, now, store: shared });
  return { clock, instance, store: shared };
}

/** Sources that record what they were asked, answering `loan` and the display's `status`. */
function sources(loan: Loan, status?: string) {
  const asked: string[] = [];
  const src: LoanSources = {
    async load() {
      asked.push('load');
      return loan;
    },
    async status() {
      asked.push('status');
      return status === undefined ? undefined : { status };
    },
  };
  return { asked, src };
}

const loan = (status = 'NOT_YET_RATED') => loanFixture('l1', { status }) as unknown as Loan;

describe('loan cache shared through the store', () => {
  it('a loan one instance read is answered by another with no read of the service', async () => {
    const { clock, instance } = instances();
    const [a, b] = [instance(), instance()];
    const onA = sources(loan());
    await a.get('l1', onA.src);
    clock.t += 10;
    const onB = sources(loan('RC1_RATED'));
    expect((await b.get('l1', onB.src)).status).toBe('NOT_YET_RATED');
    expect(onA.asked).toEqual(['load']);
    expect(onB.asked).toEqual([]);
  });

  it('a loan one instance created is answered by another with no read of the service', async () => {
    const { clock, instance } = instances();
    const [a, b] = [instance(), instance()];
    a.keep('l1', loan(), clock.t);
    clock.t += 10;
    const onB = sources(loan());
    expect((await b.get('l1', onB.src)).loanNumber).toBe('LN-l1');
    expect(onB.asked).toEqual([]);
  });

  it('an instance that did not hold the loan at an event takes the status from the display when it finds the loan in the store', async () => {
    const { clock, instance } = instances();
    const [a, b] = [instance(), instance()];
    a.keep('l1', loan('RC1_RATING'), clock.t);
    clock.t += 10;
    // The event reaches every instance; B holds no copy of the loan yet.
    a.change('l1', { kind: 'status' }, true);
    b.change('l1', { kind: 'status' }, true);
    clock.t += 10;
    const onB = sources(loan('RC1_RATING'), 'RC1_RATED');
    const read = await b.get('l1', onB.src);
    expect(read).toMatchObject({ status: 'RC1_RATED', loanNumber: 'LN-l1' });
    expect(onB.asked).toEqual(['status']);
    // The refreshed status is shared: a third instance reads nothing.
    clock.t += 10;
    const onC = sources(loan());
    expect((await instance().get('l1', onC.src)).status).toBe('RC1_RATED');
    expect(onC.asked).toEqual([]);
  });

  it('an event while another instance holds a fresh copy read from the store: that copy goes stale, and so does the store', async () => {
    const { clock, instance, store } = instances();
    const a = instance();
    a.keep('l1', loan('RC1_RATING'), clock.t);
    clock.t += 10;
    // B reads the copy from the store; the event arrives while that read is out.
    const gate = deferred<void>();
    const slow: Store = {
      ...store,
      async get(key) {
        await gate.promise;
        return store.get(key);
      },
    };
    const b = createLoanCache({ ttlMs: TTL_MS, now: () => clock.t, store: slow });
    const onB = sources(loan('RC1_RATING'), 'RC1_RATED');
    const pending = b.get('l1', onB.src);
    await flush();
    clock.t += 10;
    a.change('l1', { kind: 'status' }, true);
    b.change('l1', { kind: 'status' }, true);
    gate.resolve();
    expect((await pending).status).toBe('RC1_RATED');
    expect(onB.asked).toEqual(['status']);
    // A, whose copy was fresh before the event, refreshes too.
    const onA = sources(loan(), 'RC1_RATED');
    expect((await a.get('l1', onA.src)).status).toBe('RC1_RATED');
    expect(onA.asked).toEqual(['status']);
  });

  it('a copy written back late by an instance that read it before an event stays stale in the store', async () => {
    const { clock, instance } = instances();
    const [a, b, c] = [instance(), instance(), instance()];
    // A reads the loan in full; the read is out when the event reaches B (not A yet).
    const answer = deferred<Loan>();
    const pending = a.get('l1', {
      load: () => answer.promise,
      status: () => Promise.resolve(undefined),
    });
    await flush();
    clock.t += 10;
    b.change('l1', { kind: 'status' }, true);
    clock.t += 10;
    // The answer predates the event (quoting still shown as running); A shares it.
    answer.resolve(loan('RC1_RATING'));
    expect((await pending).status).toBe('RC1_RATING');
    clock.t += 10;
    const onC = sources(loan('RC1_RATING'), 'RC1_RATED');
    expect((await c.get('l1', onC.src)).status).toBe('RC1_RATED');
    expect(onC.asked).toEqual(['status']);
  });

  it('a write of unknown effect on one instance makes the others read the loan afresh', async () => {
    const { clock, instance } = instances();
    const [a, b] = [instance(), instance()];
    a.keep('l1', loan(), clock.t);
    clock.t += 10;
    a.change('l1', { kind: 'unknown' }, true);
    const onB = sources(loan('RC1_RATED'));
    expect((await b.get('l1', onB.src)).status).toBe('RC1_RATED');
    expect(onB.asked).toEqual(['load']);
  });

  it('a write another instance announced marks nothing in the store (its writer did)', async () => {
    const { clock, instance } = instances();
    const [a, b] = [instance(), instance()];
    a.keep('l1', loan(), clock.t);
    clock.t += 10;
    b.change('l1', { kind: 'unknown' });
    const onC = sources(loan());
    expect((await instance().get('l1', onC.src)).status).toBe('NOT_YET_RATED');
    expect(onC.asked).toEqual([]);
  });

  it('after missed messages (clear), copies shared before are read afresh', async () => {
    const { clock, instance } = instances();
    const [a, b] = [instance(), instance()];
    a.keep('l1', loan(), clock.t);
    clock.t += 10;
    b.clear();
    const onB = sources(loan('RC1_RATED'));
    expect((await b.get('l1', onB.src)).status).toBe('RC1_RATED');
    expect(onB.asked).toEqual(['load']);
  });

  it('a shared copy is served no longer than the TTL from its full read', async () => {
    const { clock, instance } = instances();
    const a = instance();
    a.keep('l1', loan(), clock.t);
    clock.t += TTL_MS;
    const onB = sources(loan());
    await instance().get('l1', onB.src);
    expect(onB.asked).toEqual(['load']);
  });

  it('a store that cannot answer is a miss: the loan is read from the service', async () => {
    const { instance, store } = instances();
    instance().keep('l1', loan(), 1);
    const broken: Store = { ...store, get: () => Promise.reject(new Error('down')) };
    const cache = createLoanCache({ ttlMs: TTL_MS, store: broken });
    const on = sources(loan());
    expect((await cache.get('l1', on.src)).id).toBe('l1');
    expect(on.asked).toEqual(['load']);
  });

  it('concurrent reads on an instance share one look-up of the store', async () => {
    const { clock, instance, store } = instances();
    instance().keep('l1', loan(), clock.t);
    clock.t += 10;
    const keys: string[] = [];
    const counting: Store = {
      ...store,
      get(key) {
        keys.push(key);
        return store.get(key);
      },
    };
    const b = createLoanCache({ ttlMs: TTL_MS, now: () => clock.t, store: counting });
    const on = sources(loan());
    await Promise.all(Array.from({ length: 10 }, () => b.get('l1', on.src)));
    await b.get('l1', on.src);
    expect(keys).toEqual(['lir:loan-copy:l1', 'lir:loan-stale:l1', 'lir:loan-dropped:l1']);
    expect(on.asked).toEqual([]);
  });
});
