import { describe, expect, it, vi } from 'vitest';
import type { RelayedEvent } from '../../../src/core/schemas/loanEvent.js';
import type { WebhookEnvelope } from '../../../src/core/schemas/webhookEvent.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';

let n = 0;
const event = (type: string, data: Record<string, unknown>): WebhookEnvelope => ({
  id: `evt_${++n}`,
  type,
  objectType: type.split('.')[0] as string,
  occurredAt: '2026-11-20T10:00:00.000Z',
  data: { partnerId: 'partner_a', platformId: null, ...data },
});

describe('event relay', () => {
  it('relays an event with a loan id to that loan, identifiers only', async () => {
    const relay = createEventRelay({ store: createMemoryStore() });
    const seen: RelayedEvent[] = [];
    await relay.subscribe('ln_1', (e) => seen.push(e));
    const e = event('loan.shopped', { loanId: 'ln_1', externalId: 'EXT-1' });
    expect(await relay.publish(e)).toBe('ln_1');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.event).toEqual({
      id: e.id,
      type: 'loan.shopped',
      occurredAt: e.occurredAt,
      loanId: 'ln_1',
    });
    expect(await relay.read('ln_1', null)).toEqual(seen);
  });

  it('links a policy to its loan, so later reads and events without a loan id find it', async () => {
    const relay = createEventRelay({ store: createMemoryStore() });
    await relay.publish(event('policy.bound', { policyId: 'pol_1', loanId: 'ln_1' }));
    expect(await relay.policyLoan('pol_1')).toBe('ln_1');
    expect(await relay.publish(event('policy.retrieved', { policyId: 'pol_1' }))).toBe('ln_1');
    expect(await relay.policyLoan('pol_unknown')).toBeNull();
  });

  it('finds the loan of an event without a loan id through the external id it was created with', async () => {
    const relay = createEventRelay({ store: createMemoryStore() });
    await relay.linkExternalId('EXT-9', 'ln_9');
    expect(
      await relay.publish(event('policy.bound', { policyId: 'pol_9', externalId: 'EXT-9' })),
    ).toBe('ln_9');
    expect(await relay.policyLoan('pol_9')).toBe('ln_9');
  });

  it("scopes a platform partner's external ids by lender client", async () => {
    const warn = vi.fn();
    const relay = createEventRelay({ store: createMemoryStore(), logger: { warn } });
    await relay.linkExternalId('LN-1', 'ln_a', 'lender_a');
    await relay.linkExternalId('LN-1', 'ln_b', 'lender_b');
    const forB = event('policy.bound', {
      policyId: 'pol_b',
      externalId: 'LN-1',
      partnerId: 'lender_b',
    });
    expect(await relay.publish(forB)).toBe('ln_b');
    const forC = event('policy.bound', {
      policyId: 'pol_c',
      externalId: 'LN-1',
      partnerId: 'lender_c',
    });
    expect(await relay.publish(forC)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1); // lender_c's event, tied to no one
  });

  it('drops an event whose loan cannot be known', async () => {
    const store = createMemoryStore();
    const warn = vi.fn();
    const relay = createEventRelay({ store, logger: { warn } });
    const all: RelayedEvent[] = [];
    await relay.subscribeAll((e) => all.push(e));
    expect(await relay.publish(event('policy.bound', { policyId: 'pol_x' }))).toBeNull();
    expect(all).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('tells every-loan subscribers about each event, and resumes a loan after a cursor', async () => {
    const relay = createEventRelay({ store: createMemoryStore() });
    const all: RelayedEvent[] = [];
    await relay.subscribeAll((e) => all.push(e));
    await relay.publish(event('loan.shopped', { loanId: 'ln_1' }));
    await relay.publish(event('loan.shopped', { loanId: 'ln_2' }));
    await relay.publish(event('policy.bound', { loanId: 'ln_1', policyId: 'pol_1' }));
    expect(all.map((e) => e.event.loanId)).toEqual(['ln_1', 'ln_2', 'ln_1']);
    const backlog = await relay.read('ln_1', null);
    expect(backlog.map((e) => e.event.type)).toEqual(['loan.shopped', 'policy.bound']);
    const after = await relay.read('ln_1', backlog[0]?.cursor ?? null);
    expect(after.map((e) => e.event.type)).toEqual(['policy.bound']);
  });

  it('passes every instance the same message: the JSON of the cursor and the browser event', async () => {
    const store = createMemoryStore();
    const relay = createEventRelay({ store });
    const messages: string[] = [];
    // What another instance's relay receives through a shared store (Redis pub/sub).
    await store.subscribe('lir:loans', (m) => messages.push(m));
    await store.subscribe('lir:loan:ln_1', (m) => messages.push(m));
    await relay.publish(event('policy.bound', { loanId: 'ln_1', policyId: 'pol_"q"\\é' }));
    const [entry] = await relay.read('ln_1', null);
    expect(entry).toBeDefined();
    const expected = JSON.stringify({ cursor: entry?.cursor, event: entry?.event });
    expect(messages).toEqual([expected, expected]);
    expect(JSON.parse(expected).event.policyId).toBe('pol_"q"\\é');
  });

  it('hands each subscriber in this process its own copy of the event, as the message reads', async () => {
    const store = createMemoryStore();
    const relay = createEventRelay({ store });
    const messages: string[] = [];
    await store.subscribe('lir:loans', (m) => messages.push(m));
    const first: RelayedEvent[] = [];
    const second: RelayedEvent[] = [];
    const ofLoan: RelayedEvent[] = [];
    await relay.subscribeAll((e) => {
      first.push(e);
      // A subscriber that changes what it was given changes no other subscriber's copy.
      e.event.loanId = 'changed';
    });
    await relay.subscribeAll((e) => second.push(e));
    await relay.subscribe('ln_1', (e) => ofLoan.push(e));
    await relay.publish(event('policy.bound', { loanId: 'ln_1', policyId: 'pol_1' }));
    const [message] = messages;
    expect(JSON.stringify(second[0])).toBe(message);
    expect(second[0]).toStrictEqual(JSON.parse(message as string));
    expect(ofLoan).toStrictEqual(second);
    expect(first[0]?.event.loanId).toBe('changed');
    // A message from another instance (through a shared store) is read from its text.
    const elsewhere = JSON.stringify({
      cursor: '7',
      event: {
        id: 'evt_other',
        type: 'loan.shopped',
        occurredAt: '2026-11-20T10:00:00.000Z',
        loanId: 'ln_2',
      },
    });
    await store.publish('lir:loans', elsewhere);
    expect(second[1]).toStrictEqual(JSON.parse(elsewhere));
  });

  it('relays an event id once, however often it is handed in', async () => {
    const relay = createEventRelay({ store: createMemoryStore() });
    const e = event('loan.shopped', { loanId: 'ln_1' });
    expect(await relay.publish(e)).toBe('ln_1');
    expect(await relay.publish(e)).toBe('ln_1');
    expect(await relay.read('ln_1', null)).toHaveLength(1);
  });

  it('keeps only the configured backlog per loan', async () => {
    const relay = createEventRelay({ store: createMemoryStore(), backlogLength: 2 });
    for (let i = 0; i < 5; i++) await relay.publish(event('loan.shopped', { loanId: 'ln_1' }));
    expect(await relay.read('ln_1', null)).toHaveLength(2);
  });

  it('B25: an external id linked to a second application names neither from then on, whichever comes first', async () => {
    const warn = vi.fn();
    const relay = createEventRelay({ store: createMemoryStore(), logger: { warn } });
    await relay.linkExternalId('CRM-1', 'ln_first');
    await relay.linkExternalId('CRM-1', 'ln_first');
    expect(
      await relay.publish(event('policy.bound', { policyId: 'p1', externalId: 'CRM-1' })),
    ).toBe('ln_first');
    await relay.linkExternalId('CRM-1', 'ln_second');
    await relay.linkExternalId('CRM-1', 'ln_third');
    expect(
      await relay.publish(event('policy.bound', { policyId: 'p2', externalId: 'CRM-1' })),
    ).toBeNull();
    expect(await relay.policyLoan('p2')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'insurance relay: the event cannot be tied to exactly one application; no browser sees it',
      expect.objectContaining({ reason: 'external id of several applications' }),
    );
    // A policy already tied to its loan keeps it: later events about it still arrive.
    expect(
      await relay.publish(event('policy.retrieved', { policyId: 'p1', externalId: 'CRM-1' })),
    ).toBe('ln_first');
  });

  it('B26: links outlive the 14-day event window (400 days by default)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const relay = createEventRelay({ store: createMemoryStore() });
      await relay.linkExternalId('CRM-2', 'ln_2');
      await relay.publish(event('policy.bound', { policyId: 'p3', loanId: 'ln_2' }));
      vi.setSystemTime(Date.now() + 399 * 24 * 3600 * 1000);
      expect(await relay.policyLoan('p3')).toBe('ln_2');
      expect(
        await relay.publish(event('policy.retrieved', { policyId: 'p4', externalId: 'CRM-2' })),
      ).toBe('ln_2');
    } finally {
      vi.useRealTimers();
    }
  });
});
