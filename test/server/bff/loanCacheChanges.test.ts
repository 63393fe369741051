import { describe, expect, it } from 'vitest';
import { createLoanCache } from '../../../src/server/bff/createLoanCache.js';
import { NetworkError, NotFoundError } from '../../../src/server/index.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import { createLoanApplicationFixture } from '../../../src/testing/index.js';
import {
  cannedResponder,
  createSandboxClient,
  deferred,
  flush,
  loanApplication,
  loanFixture,
  publishEvent,
  sandboxWithWebhooks,
  setup,
} from './helpers.js';

const QUOTE_DELAY_MS = 40_000;
const names = (calls: ReadonlyArray<{ name: string }>) => calls.map((c) => c.name);

/** The BFF over a sandbox whose webhooks land in the relay, and a second BFF that keeps nothing. */
async function sandboxBffs() {
  const { sandbox, deliverTo } = sandboxWithWebhooks(QUOTE_DELAY_MS);
  const t = setup({ client: await createSandboxClient(sandbox) });
  deliverTo(t.relay);
  // What a loan read answers when it does reach the service.
  const fresh = setup({ client: await createSandboxClient(sandbox), loanCacheTtlMs: 0 });
  const readFresh = async (loanId: string) => {
    fresh.owned.get('alice')?.add(loanId);
    return (await fresh.send('GET', `/loans/${loanId}`)).json;
  };
  return { ...t, sandbox, readFresh };
}

describe('the kept loan follows events and writes', () => {
  it('the loan a submit answered is kept, and every read of it is what the service answers, through shop, quoting, binding and close, without a rate-limited read', async () => {
    const { send, calls, sandbox, readFresh } = await sandboxBffs();
    const application = createLoanApplicationFixture({
      primaryBorrower: { firstName: 'Bind_policy' },
    });
    const loanId = (await send('POST', '/loans', { body: application })).json.id as string;
    const read = async () => (await send('GET', `/loans/${loanId}`)).json;

    expect(await read()).toEqual(await readFresh(loanId));
    await send('POST', `/loans/${loanId}/consent`, { body: { termsOfServiceId: 'tos-1' } });
    await send('PATCH', `/loans/${loanId}/shop`);
    const quoting = await read();
    expect(quoting.status).toBe('RC1_RATING');
    expect(quoting).toEqual(await readFresh(loanId));

    await sandbox.advance(QUOTE_DELAY_MS); // loan.shopped, then policy.bound
    await flush();
    const rated = await read();
    expect(rated.status).toBe('RC1_RATED');
    expect(rated).toEqual(await readFresh(loanId));

    await send('PATCH', `/loans/${loanId}/close`);
    const closed = await read();
    expect(closed.status).toBe('CLOSED_LOST');
    expect(closed).toEqual(await readFresh(loanId));
    expect(names(calls).filter((n) => n === 'getLoan')).toEqual([]);
  });

  it('a submit that answers only the id is not kept: the first read of that loan reaches the service', async () => {
    const { send, calls } = setup({
      responder: (name, options) =>
        name === 'submitLoanApplication' ? { id: 'loan_new' } : cannedResponder(name, options),
    });
    expect((await send('POST', '/loans', { body: loanApplication() })).status).toBe(201);
    expect((await send('GET', '/loans/loan_new')).json.status).toBe('NOT_YET_RATED');
    expect(names(calls)).toEqual(['submitLoanApplication', 'getLoan']);
  });

  it('consents, a quote selection and a call change no field of the loan: its copy stays', async () => {
    const { send, calls } = setup();
    await send('GET', '/loans/loan_a1');
    const tos = { body: { termsOfServiceId: 'tos-1' } };
    await send('POST', '/loans/loan_a1/consent', tos);
    await send('POST', '/loans/loan_a1/consent/general', tos);
    await send('POST', '/loans/loan_a1/consent/tcpa', tos);
    await send('POST', '/loans/loan_a1/quotes/q1/select');
    await send('GET', '/loans/loan_a1');
    expect(names(calls).filter((n) => n === 'getLoan')).toEqual(['getLoan']);
  });

  it('a close sets CLOSED_LOST, and a current-insurance update the policies it answered, without a read', async () => {
    const policies = [{ carrier: 'Acme', policyNumber: 'P-1', coverages: {} }];
    const { send, calls } = setup({
      responder: (name, options) =>
        name === 'updateCurrentInsurance'
          ? { id: 'loan_a1', currentInsurancePolicies: policies }
          : cannedResponder(name, options),
    });
    await send('GET', '/loans/loan_a1');
    await send('PUT', '/loans/loan_a1/current-insurance', {
      body: { currentInsurancePolicies: [{ carrier: 'Acme', policyNumber: 'P-1' }] },
    });
    expect((await send('GET', '/loans/loan_a1')).json.currentInsurancePolicies).toEqual(policies);
    await send('PATCH', '/loans/loan_a1/close');
    expect((await send('GET', '/loans/loan_a1')).json.status).toBe('CLOSED_LOST');
    expect(names(calls)).toEqual(['getLoan', 'updateCurrentInsurance', 'closeLoan']);
  });

  it('a policy event takes the status from the display; an event type the service does not document makes the next read a fresh one', async () => {
    const { send, calls, relay } = setup();
    await send('GET', '/loans/loan_a1');
    await publishEvent(relay, 'policy.bound', { loanId: 'loan_a1', policyId: 'pol_1' });
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1');
    expect(names(calls)).toEqual(['getLoan', 'getQuoteDisplay']);

    await publishEvent(relay, 'loan.renamed', { loanId: 'loan_a1' });
    await send('GET', '/loans/loan_a1');
    expect(names(calls)).toEqual(['getLoan', 'getQuoteDisplay', 'getLoan']);
  });

  it('without a display the status comes from the shopped loan; without either, the loan is read', async () => {
    let shoppedFails = false;
    const { send, calls, relay } = setup({
      responder: (name, options) => {
        if (name === 'getQuoteDisplay') throw new NotFoundError('no such path');
        if (name === 'getShoppedLoan' && shoppedFails) throw new NetworkError();
        if (name === 'getShoppedLoan') return { id: 'loan_a1', status: 'RC1_ERRORED', quotes: [] };
        return cannedResponder(name, options);
      },
    });
    await send('GET', '/loans/loan_a1');
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    expect((await send('GET', '/loans/loan_a1')).json.status).toBe('RC1_ERRORED');
    expect(names(calls)).toEqual(['getLoan', 'getQuoteDisplay', 'getShoppedLoan']);

    shoppedFails = true;
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    expect((await send('GET', '/loans/loan_a1')).status).toBe(200);
    expect(names(calls).slice(3)).toEqual(['getQuoteDisplay', 'getShoppedLoan', 'getLoan']);
  });

  it('ten concurrent reads after an event share one display read', async () => {
    const gate = deferred<void>();
    const { raw, calls, relay, send } = setup({
      responder: async (name, options) => {
        if (name === 'getQuoteDisplay') await gate.promise;
        return cannedResponder(name, options);
      },
    });
    await send('GET', '/loans/loan_a1');
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    const reads = Array.from({ length: 10 }, () => raw('GET', '/loans/loan_a1'));
    await flush();
    gate.resolve();
    const bodies = await Promise.all((await Promise.all(reads)).map((r) => r.json()));
    expect(bodies.every((b) => b.status === 'RC1_RATED')).toBe(true);
    expect(names(calls)).toEqual(['getLoan', 'getQuoteDisplay']);
  });

  it('an event that overtakes the answer of a shop wins: the next read takes the status from the display, not the shop', async () => {
    const gate = deferred<void>();
    const { raw, send, calls, relay } = setup({
      responder: async (name, options) => {
        if (name === 'shopLoan') await gate.promise;
        return cannedResponder(name, options);
      },
    });
    await send('GET', '/loans/loan_a1');
    const shop = raw('PATCH', '/loans/loan_a1/shop');
    await flush();
    await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
    gate.resolve();
    expect((await shop).status).toBe(200);
    expect((await send('GET', '/loans/loan_a1')).json.status).toBe('RC1_RATED');
    expect(names(calls)).toEqual(['getLoan', 'shopLoan', 'getQuoteDisplay']);
  });

  it("another instance's shop and close reach this instance's copy through the shared store, with no borrower data and no rate-limited read", async () => {
    const store = createMemoryStore();
    const messages: string[] = [];
    await store.subscribe('lir:loan-writes', (m) => messages.push(m));
    const a = setup({ store });
    const b = setup({
      store,
      responder: (name, options) =>
        name === 'getQuoteDisplay'
          ? {
              id: 'loan_a1',
              status: 'RC1_RATING',
              hostedDisplayUrl: 'https://s.example/d',
              quotes: [],
            }
          : cannedResponder(name, options),
    });
    await b.send('GET', '/loans/loan_a1');
    await a.send('PATCH', '/loans/loan_a1/shop');
    await flush();
    expect((await b.send('GET', '/loans/loan_a1')).json).toMatchObject({
      status: 'RC1_RATING',
      hostedDisplayUrl: 'https://s.example/d',
    });
    await a.send('PATCH', '/loans/loan_a1/close');
    await flush();
    expect((await b.send('GET', '/loans/loan_a1')).json.status).toBe('CLOSED_LOST');
    expect(names(b.calls)).toEqual(['getLoan', 'getQuoteDisplay']);
    expect(messages.map((m) => JSON.parse(m).change)).toEqual([
      { kind: 'status' },
      { kind: 'fields', fields: { status: 'CLOSED_LOST' }, sentAt: expect.any(Number) },
    ]);
  });

  it('missed messages (the store was interrupted) forget every copy', async () => {
    const interrupts: Array<() => void> = [];
    const memory = createMemoryStore();
    const store: Store = {
      ...memory,
      subscribe: (channel, listener, options) => {
        if (options?.onInterrupted) interrupts.push(options.onInterrupted);
        return memory.subscribe(channel, listener, options);
      },
    };
    const { send, calls } = setup({ store });
    await send('GET', '/loans/loan_a1');
    await send('GET', '/loans/loan_a1');
    expect(interrupts.length).toBeGreaterThan(0);
    for (const interrupted of interrupts) interrupted();
    await send('GET', '/loans/loan_a1');
    expect(names(calls)).toEqual(['getLoan', 'getLoan']);
  });

  it('a write sent before the copy was read (a late message from another instance) is not guessed onto it: the status comes from the display', async () => {
    const cache = createLoanCache({ ttlMs: 60_000 });
    cache.keep('l1', loanFixture('l1', { status: 'RC1_RATED' }) as never, 2_000);
    cache.change('l1', { kind: 'quoting', fields: {}, sentAt: 1_000 });
    const statusReads: string[] = [];
    const loan = await cache.get('l1', {
      load: () => Promise.reject(new Error('not read')),
      status: async () => {
        statusReads.push('l1');
        return { status: 'RC1_RATED' };
      },
    });
    expect(loan.status).toBe('RC1_RATED');
    expect(statusReads).toEqual(['l1']);
  });

  it('keeps at most maxEntries loans, the least recently read going first', async () => {
    const cache = createLoanCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const id of ['l1', 'l2']) cache.keep(id, loanFixture(id) as never, 0);
    await cache.get('l1', {
      load: () => Promise.reject(new Error('not read')),
      status: () => Promise.resolve(undefined),
    });
    cache.keep('l3', loanFixture('l3') as never, 0);
    expect(['l1', 'l2', 'l3'].map((id) => cache.has(id))).toEqual([true, false, true]);
  });
});
