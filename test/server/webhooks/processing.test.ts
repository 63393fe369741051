import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../../src/server/store/Store.js';
import type { Answer } from './webhookHarness.js';
import { delivery, envelope, MINUTE, NOW, read, SECOND, setup } from './webhookHarness.js';

const BODY = JSON.stringify(envelope());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('de-duplication and processing', () => {
  it('W15: the same event delivered twice: both acknowledged, processed and relayed once', async () => {
    const s = setup();
    const first = await s.send({ body: BODY });
    const second = await s.send({ body: BODY });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toEqual({ received: true });
    expect(second.body).toEqual({ duplicate: true });
    expect(s.onEvent).toHaveBeenCalledTimes(1);
    expect(await s.relay.read('ln_1', null)).toHaveLength(1);
  });

  it('W16: 10 concurrent deliveries of one event in any interleaving: exactly one processes, the rest get 409 (then 2xx on retry) or 2xx', async () => {
    const outcomes = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (scheduler) => {
        // Every store call waits for the scheduler before it runs, so the scheduler decides the
        // order in which the deliveries' reads and writes reach the store.
        const gate =
          <A extends [string, ...unknown[]], R>(name: string, fn: (...args: A) => Promise<R>) =>
          async (...args: A): Promise<R> => {
            await scheduler.schedule(Promise.resolve(), `${name}(${args[0]})`);
            return fn(...args);
          };
        const s = setup({}, (base) => ({
          ...base,
          setIfAbsent: gate('setIfAbsent', base.setIfAbsent),
          get: gate('get', base.get),
          set: gate('set', base.set),
          delete: gate('delete', base.delete),
        }));
        const deliveries = Array.from({ length: 10 }, async () =>
          read(await s.handler(delivery({ body: BODY }))),
        );
        // Signature checks run on real crypto, so let all 10 reach their claim first; only
        // then does the scheduler pick the order, making them truly concurrent at the store.
        await vi.waitFor(() => expect(scheduler.count()).toBe(10), { interval: 1 });
        const answers: Answer[] = await scheduler.waitFor(Promise.all(deliveries));
        outcomes.add(answers.filter((a) => a.status === 409).length);
        expect(s.onEvent).toHaveBeenCalledTimes(1);
        expect(answers.filter((a) => a.body?.received === true)).toHaveLength(1);
        for (const a of answers) {
          expect([200, 409]).toContain(a.status);
          if (a.status === 409) expect(a.body.error.code).toBe('event_in_progress');
        }
        // The service retries the 409s; by then the event is done.
        const retries = answers
          .filter((a) => a.status === 409)
          .map(async () => read(await s.handler(delivery({ body: BODY }))));
        for (const retry of await scheduler.waitFor(Promise.all(retries))) {
          expect(retry).toMatchObject({ status: 200, body: { duplicate: true } });
        }
        expect(s.onEvent).toHaveBeenCalledTimes(1);
        expect(await s.relay.read('ln_1', null)).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
    // The orders explored include both a lone winner and winners racing losers to 409s.
    expect(outcomes.size).toBeGreaterThan(1);
  }, 30_000);

  it.each([
    ['rejects', (e: Error) => Promise.reject(e)],
    [
      'throws synchronously',
      (e: Error) => {
        throw e;
      },
    ],
  ])(
    'W18: when onEvent %s after the claim: 500, claim released, the retry processes once and relays once',
    async (_name, fail) => {
      const s = setup();
      s.onEvent.mockImplementationOnce(() => fail(new Error('database down')));
      const first = await s.send({ body: BODY });
      expect(first.status).toBe(500);
      expect(first.body.error.code).toBe('processing_failed');
      expect(JSON.stringify(first.body)).not.toMatch(/database/);
      expect(await s.store.get('lir:webhook:evt_1')).toBeNull();
      expect(s.logger.error).toHaveBeenCalledWith(
        expect.stringMatching(/processing failed/),
        expect.objectContaining({ eventId: 'evt_1' }),
      );
      const retry = await s.send({ body: BODY });
      expect(retry).toMatchObject({ status: 200, body: { received: true } });
      expect(s.onEvent).toHaveBeenCalledTimes(2);
      // The relay ran in the failed attempt; it is keyed by event id, so not again.
      expect(await s.relay.read('ln_1', null)).toHaveLength(1);
      expect((await s.send({ body: BODY })).body).toEqual({ duplicate: true });
    },
  );

  it('W19: a crash between the effect and mark-done: the redelivery after the lease calls onEvent with the same id (effects keyed by it stay single) and does not relay twice', async () => {
    let crash = true;
    const s = setup(
      {},
      (base): Store => ({
        ...base,
        async set(key, value, ttlMs) {
          if (value === 'done' && crash) {
            crash = false;
            throw new Error('worker killed');
          }
          return base.set(key, value, ttlMs);
        },
      }),
    );
    // The host's effect, made idempotent the documented way: keyed by event id.
    const effects = new Map<string, number>();
    s.onEvent.mockImplementation((event) => {
      effects.set(event.id, (effects.get(event.id) ?? 0) + 1);
    });
    const first = await s.send({ body: BODY });
    // The effect happened, so the delivery is acknowledged; the failure is logged.
    expect(first.status).toBe(200);
    expect(s.logger.error).toHaveBeenCalledWith(
      expect.stringMatching(/could not record/),
      expect.objectContaining({ eventId: 'evt_1' }),
    );
    // The claim is still held: a redelivery within the lease is told to come back.
    expect(await s.store.get('lir:webhook:evt_1')).toBe('processing');
    expect((await s.send({ body: BODY })).status).toBe(409);
    // A real crash sends no answer, so the service retries (4 h later); the lease is over by then.
    s.advance(15 * MINUTE + SECOND);
    const retry = await s.send({ body: BODY });
    expect(retry).toMatchObject({ status: 200, body: { received: true } });
    expect(s.onEvent).toHaveBeenCalledTimes(2);
    expect(s.onEvent.mock.calls.map(([e]) => e.id)).toEqual(['evt_1', 'evt_1']);
    expect([...effects.keys()]).toEqual(['evt_1']);
    expect(await s.relay.read('ln_1', null)).toHaveLength(1);
    expect((await s.send({ body: BODY })).body).toEqual({ duplicate: true });
  });

  it('W20: out-of-order deliveries (t2 before t1) are both acknowledged and relayed in arrival order with their occurredAt; events carry ids only, so readers re-fetch state and never apply t1 over t2', async () => {
    const s = setup();
    const t1 = envelope({ id: 'evt_t1', occurredAt: new Date(NOW - 2 * MINUTE).toISOString() });
    const t2 = envelope({
      id: 'evt_t2',
      type: 'policy.bound',
      objectType: 'policy',
      occurredAt: new Date(NOW - MINUTE).toISOString(),
      data: { policyId: 'pol_1', loanId: 'ln_1', partnerId: 'partner_a' },
    });
    expect((await s.send({ body: JSON.stringify(t2) })).status).toBe(200);
    expect((await s.send({ body: JSON.stringify(t1) })).status).toBe(200);
    const relayed = (await s.relay.read('ln_1', null)).map((r) => r.event);
    expect(relayed.map((e) => [e.id, e.occurredAt])).toEqual([
      ['evt_t2', t2.occurredAt],
      ['evt_t1', t1.occurredAt],
    ]);
    // What a reader has to order by, if it cares: the latest occurredAt is t2.
    const latest = [...relayed].sort((a, b) => b.occurredAt.localeCompare(a.occurredAt))[0];
    expect(latest?.id).toBe('evt_t2');
    expect(s.onEvent.mock.calls.map(([e]) => e.id)).toEqual(['evt_t2', 'evt_t1']);
  });

  it('W28: an unknown event type is acknowledged, logged, not relayed nor given to onEvent, and recorded so it is not logged again', async () => {
    const s = setup();
    const body = JSON.stringify(
      envelope({ type: 'loan.future_thing', data: { loanId: 'ln_1', partnerId: 'partner_a' } }),
    );
    const answer = await s.send({ body });
    expect(answer).toMatchObject({ status: 200, body: { received: true, ignored: true } });
    expect(s.logger.warn).toHaveBeenCalledWith(expect.stringMatching(/undocumented type/), {
      eventId: 'evt_1',
      type: 'loan.future_thing',
      headerPrefix: 'X-Service',
      unsignedPartnerId: null,
    });
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(await s.relay.read('ln_1', null)).toEqual([]);
    expect((await s.send({ body })).body).toEqual({ duplicate: true });
    expect(s.logger.warn).toHaveBeenCalledTimes(1);
  });

  describe('W30: slow processing (fake timers)', () => {
    function slowOnEvent(s: ReturnType<typeof setup>) {
      const control = { finish: () => {}, fail: (_e: Error) => {} };
      let started!: () => void;
      const startedPromise = new Promise<void>((resolve) => {
        started = resolve;
      });
      s.onEvent.mockImplementationOnce(
        () =>
          new Promise<void>((resolve, reject) => {
            control.finish = resolve;
            control.fail = reject;
            started();
          }),
      );
      return { control, started: startedPromise };
    }

    it('W30: work over the 5 s budget is answered 202 at 5 s, after the event is relayed; the claim holds until it finishes, then the event is done', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const s = setup();
      const { control, started } = slowOnEvent(s);
      let answered = false;
      const pending = s.handler(delivery({ body: BODY })).then((r) => {
        answered = true;
        return r;
      });
      await started;
      await vi.advanceTimersByTimeAsync(4_999);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const answer = await read(await pending);
      expect(answer).toMatchObject({ status: 202, body: { received: true, pending: true } });
      // The durable part (the relay's backlog in the store) was done before the ack.
      expect(await s.relay.read('ln_1', null)).toHaveLength(1);
      expect(await s.store.get('lir:webhook:evt_1')).toBe('processing');
      expect((await s.send({ body: BODY })).status).toBe(409);
      control.finish();
      await vi.waitFor(async () => expect(await s.store.get('lir:webhook:evt_1')).toBe('done'));
      expect((await s.send({ body: BODY })).body).toEqual({ duplicate: true });
      expect(s.onEvent).toHaveBeenCalledTimes(1);
    });

    it('W30: work that fails after the 202 releases its claim and is logged, so a redelivery can process it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const s = setup();
      const { control, started } = slowOnEvent(s);
      const pending = s.handler(delivery({ body: BODY }));
      await started;
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await pending).status).toBe(202);
      control.fail(new Error('late failure'));
      await vi.waitFor(async () => expect(await s.store.get('lir:webhook:evt_1')).toBeNull());
      expect(s.logger.error).toHaveBeenCalled();
      expect((await s.send({ body: BODY })).body).toEqual({ received: true });
    });

    it('W30: work within the budget is answered 200, and the budget is configurable', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const s = setup({ processingTimeoutMs: 2_000 });
      const { control, started } = slowOnEvent(s);
      const pending = s.handler(delivery({ body: BODY }));
      await started;
      await vi.advanceTimersByTimeAsync(1_999);
      control.finish();
      expect((await read(await pending)).body).toEqual({ received: true });
    });

    it('W30: a lease not longer than the budget is refused at construction', () => {
      expect(() => setup({ processingTimeoutMs: 5_000, processingLeaseMs: 5_000 })).toThrow(
        RangeError,
      );
    });
  });
});
