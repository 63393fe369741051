import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../../src/core/errors/ValidationError.js';
import type { WebhookEnvelope } from '../../../src/core/schemas/webhookEvent.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { RecordedCall, Responder } from './helpers.js';
import { cannedResponder, loanApplication, loanFixture, policyFixture, setup } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

/** The service: every application gets its own id, and keeps the external id it was sent. */
function serviceAnswers(): Responder {
  let n = 0;
  return (name, options) => {
    if (name !== 'submitLoanApplication') return cannedResponder(name, options);
    const body = options.body as unknown as { loanNumber: string; externalId?: string };
    n += 1;
    return loanFixture(`loan_${n}`, {
      loanNumber: body.loanNumber,
      // As the service does: the external id defaults to the loan number.
      externalId: body.externalId ?? body.loanNumber,
    });
  };
}

/** The external id the service holds for an application, from what the BFF sent it. */
const externalIdSent = (call: RecordedCall | undefined) => {
  const body = call?.options.body as unknown as { loanNumber: string; externalId?: string };
  return body.externalId ?? body.loanNumber;
};

let events = 0;
/** A policy event without a loan id, as the service sends when the policy was not shopped. */
function policyEvent(policyId: string, externalId: string): WebhookEnvelope {
  events += 1;
  return {
    id: `evt_own_${events}`,
    type: 'policy.bound',
    objectType: 'policy',
    occurredAt: new Date().toISOString(),
    data: { policyId, partnerId: 'p1', platformId: null, externalId },
  };
}

const documents = (id: string) => policyFixture(id, ['https://docs.example/eoi.pdf']);

describe('who an application and its policy belong to', () => {
  it("B24: a second session submitting the victim's loan number (and external id) never receives the victim's policy", async () => {
    const responder = serviceAnswers();
    const { send, calls, relay, logger } = setup({
      responder: (name, options) =>
        name === 'getPolicy' ? documents(options.params?.policyId ?? '') : responder(name, options),
      documentHosts: ['docs.example'],
    });
    const victim = await send('POST', '/loans', { body: loanApplication({ loanNumber: 'LN-1' }) });
    const attacker = await send('POST', '/loans', {
      session: 'bob',
      body: loanApplication({ loanNumber: 'LN-1', externalId: 'LN-1' }),
    });
    expect([victim.status, attacker.status]).toEqual([201, 201]);

    // The service names the victim's application by the external id it was created with.
    const submits = calls.filter((c) => c.name === 'submitLoanApplication');
    expect(await relay.publish(policyEvent('pol_v', externalIdSent(submits[0])))).toBe('loan_1');

    expect((await send('GET', '/policies/pol_v')).status).toBe(200);
    expect((await send('GET', '/policies/pol_v', { session: 'bob' })).status).toBe(404);
    // The BFF chose each external id: distinct, and not the browser's.
    const sent = submits.map(externalIdSent);
    expect(new Set(sent).size).toBe(2);
    for (const id of sent) expect(id).toMatch(/^lir-[A-Za-z0-9_-]{22}$/);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        message: 'insurance bff: dropped fields only the server sets from a browser request',
        meta: { fields: ['externalId'] },
      }),
    );
  });

  it('B24: prepareApplication completes the application from the host records (loan number, officer, external id)', async () => {
    const officer = {
      firstName: 'Lee',
      lastName: 'Park',
      email: 'lee.park@lender.example',
      phone: '207-555-0100',
    };
    const { send, calls } = setup({
      prepareApplication: ({ session, input }) => ({
        ...input,
        loanNumber: `CRM-${session.id}`,
        loanOfficer: officer,
        externalId: `crm:${session.id}:1`,
      }),
    });
    const res = await send('POST', '/loans', { body: loanApplication({ loanNumber: 'typed' }) });
    expect(res.status).toBe(201);
    expect(calls[0]?.options.body).toMatchObject({
      loanNumber: 'CRM-alice',
      loanOfficer: officer,
      externalId: 'crm:alice:1',
    });
  });

  it('B24: a host mistake in prepareApplication is logged with the fields and answered 500; a host refusal is a 400', async () => {
    const broken = setup({
      prepareApplication: ({ input }) => ({ ...input, loanNumber: '' }),
    });
    const res = await broken.send('POST', '/loans', { body: loanApplication() });
    expect(res.status).toBe(500);
    expect(res.json.error.code).toBe('internal_error');
    expect(broken.calls).toHaveLength(0);
    expect(broken.logger.lines).toContainEqual({
      level: 'error',
      message: 'insurance bff: prepareApplication returned an invalid application',
      meta: { fields: ['loanNumber'] },
    });

    const refusing = setup({
      prepareApplication: () => {
        throw new ValidationError([{ path: 'loanNumber', message: 'Unknown loan' }]);
      },
    });
    const refused = await refusing.send('POST', '/loans', { body: loanApplication() });
    expect(refused.status).toBe(400);
    expect(refused.json.error.issues).toEqual([{ path: 'loanNumber', message: 'Unknown loan' }]);
    expect(refusing.calls).toHaveLength(0);
  });

  it('B25: a policy event whose external id names two applications is linked to neither and reaches no browser', async () => {
    const { send, relay, logger } = setup({
      responder: serviceAnswers(),
      prepareApplication: ({ input }) => ({ ...input, externalId: 'CRM-SHARED' }),
    });
    await send('POST', '/loans', { body: loanApplication() });
    await send('POST', '/loans', { session: 'bob', body: loanApplication() });

    expect(await relay.publish(policyEvent('pol_x', 'CRM-SHARED'))).toBeNull();
    for (const loanId of ['loan_1', 'loan_2']) expect(await relay.read(loanId, null)).toEqual([]);
    expect((await send('GET', '/policies/pol_x')).status).toBe(404);
    expect((await send('GET', '/policies/pol_x', { session: 'bob' })).status).toBe(404);
    expect(logger.lines.map((l) => l.message)).toContain(
      'insurance relay: the event cannot be tied to exactly one application; no browser sees it',
    );
  });

  it('B26: the owner still reads the policy after the 14-day event window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send, relay } = setup({
      responder: (name, options) =>
        name === 'getPolicy' ? documents('pol_1') : cannedResponder(name, options),
      documentHosts: ['docs.example'],
    });
    await relay.publish({
      ...policyEvent('pol_1', 'x'),
      data: { policyId: 'pol_1', loanId: 'loan_a1', partnerId: 'p1' },
    });
    vi.setSystemTime(Date.now() + 15 * 24 * 3600 * 1000);
    const res = await send('GET', '/policies/pol_1');
    expect(res.status).toBe(200);
    expect(res.json.documents).toHaveLength(1);
    expect((await send('GET', '/policies/pol_1', { session: 'bob' })).status).toBe(404);
  });

  it('B26: onPolicyLinked is called once per link, before it is kept; a failing one leaves it for the redelivery', async () => {
    const linked = vi.fn();
    let failing = true;
    const relay = createEventRelay({
      store: createMemoryStore(),
      onPolicyLinked: (link) => {
        linked(link);
        if (failing) throw new Error('host database down');
      },
    });
    const event = {
      ...policyEvent('pol_2', 'x'),
      data: { policyId: 'pol_2', loanId: 'loan_a1', partnerId: 'lender_7' },
    };
    await expect(relay.publish(event)).rejects.toThrow('host database down');
    expect(await relay.policyLoan('pol_2')).toBeNull();
    failing = false;
    expect(await relay.publish(event)).toBe('loan_a1');
    expect(await relay.policyLoan('pol_2')).toBe('loan_a1');
    await relay.publish({ ...event, id: 'evt_own_again' });
    expect(linked.mock.calls).toEqual([
      [{ policyId: 'pol_2', loanId: 'loan_a1', partnerId: 'lender_7' }],
      [{ policyId: 'pol_2', loanId: 'loan_a1', partnerId: 'lender_7' }],
    ]);
  });

  it('B26: authorize decides a policy the BFF holds no link for, with loanId null, from the host records', async () => {
    const hostPolicies = new Map([['pol_mine', 'alice']]);
    const { send, calls } = setup({
      responder: (name, options) =>
        name === 'getPolicy'
          ? documents(options.params?.policyId ?? '')
          : cannedResponder(name, options),
      documentHosts: ['docs.example'],
      authorize: ({ session, loanId, policyId }) =>
        loanId === null && policyId !== undefined && hostPolicies.get(policyId) === session.id,
    });
    expect((await send('GET', '/policies/pol_mine')).status).toBe(200);
    expect((await send('GET', '/policies/pol_mine', { session: 'bob' })).status).toBe(404);
    expect(calls.map((c) => c.options.params)).toEqual([{ policyId: 'pol_mine' }]);
  });

  it('B26: the usual authorize (loanId === undefined || owns(loanId)) refuses a policy with no link', async () => {
    const { send, calls, authorizeCalls } = setup();
    expect((await send('GET', '/policies/pol_unlinked')).status).toBe(404);
    expect(authorizeCalls).toEqual([
      { session: 'alice', operation: 'getPolicy', loanId: null, policyId: 'pol_unlinked' },
    ]);
    expect(calls).toHaveLength(0);
  });
});
