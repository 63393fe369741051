import { describe, expect, it, vi } from 'vitest';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import { envelope, NOW, setup } from './webhookHarness.js';

const policyEvent = (id: string, data: Record<string, unknown>) =>
  JSON.stringify(
    envelope({
      id,
      type: 'policy.bound',
      objectType: 'policy',
      data: { partnerId: 'partner_a', platformId: null, ...data },
    }),
  );

describe('events that cannot be tied to one application', () => {
  it('B25: onEvent hears which loan an event was relayed to, or null when none: the host decides, no browser sees it', async () => {
    const store = createMemoryStore({ now: () => NOW });
    const warn = vi.fn();
    const relay = createEventRelay({ store, logger: { warn } });
    await relay.linkExternalId('CRM-9', 'ln_a');
    await relay.linkExternalId('CRM-9', 'ln_b');
    await relay.linkExternalId('CRM-10', 'ln_c');
    const s = setup({ store, relay });

    expect(
      (await s.send({ body: policyEvent('evt_amb', { policyId: 'p1', externalId: 'CRM-9' }) }))
        .status,
    ).toBe(200);
    expect(
      (await s.send({ body: policyEvent('evt_one', { policyId: 'p2', externalId: 'CRM-10' }) }))
        .status,
    ).toBe(200);
    expect((await s.send({ body: policyEvent('evt_none', { policyId: 'p3' }) })).status).toBe(200);

    expect(s.onEvent.mock.calls.map(([event, context]) => [event.id, context.loanId])).toEqual([
      ['evt_amb', null],
      ['evt_one', 'ln_c'],
      ['evt_none', null],
    ]);
    for (const loanId of ['ln_a', 'ln_b']) expect(await relay.read(loanId, null)).toEqual([]);
    expect(warn.mock.calls.map(([, meta]) => meta.eventId)).toEqual(
      expect.arrayContaining(['evt_amb', 'evt_none']),
    );
  });
});
