import { describe, expect, it } from 'vitest';
import type { EventRelay } from '../../../src/server/events/createEventRelay.js';
import type { WebhookEnvelope } from '../../../src/server/index.js';
import {
  createLoanApplicationFixture,
  createSandboxService,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import { createSandboxClient, setup } from './helpers.js';

const QUOTE_DELAY_MS = 40_000;

/** A sandbox whose webhooks land in the relay (standing in for the verified webhook receiver). */
async function sandboxBff() {
  let relay: EventRelay | undefined;
  const receiver = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const event = JSON.parse(String(init?.body)) as WebhookEnvelope;
    await relay?.publish(event);
    return new Response(null, { status: 200 });
  }) as typeof fetch;
  const sandbox = createSandboxService({
    clock: 'manual',
    quoteDelayMs: QUOTE_DELAY_MS,
    fetch: receiver,
  });
  sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, { url: 'https://lender.example/webhooks' });
  const client = await createSandboxClient(sandbox);
  const t = setup({ client });
  relay = t.relay;
  return { ...t, sandbox };
}

describe('the BFF over the sandbox service', () => {
  it('a whole shopping flow: submit, consent, shop, events, quotes, selection, policy documents, advisor call', async () => {
    const { send, raw, sandbox, calls } = await sandboxBff();

    const created = await send('POST', '/loans', {
      body: {
        ...createLoanApplicationFixture({ primaryBorrower: { firstName: 'Bind_policy' } }),
        partner_id: 'x',
      },
      headers: { 'Idempotency-Key': 'submit-1' },
    });
    expect(created.status).toBe(201);
    const loanId = created.json.id as string;
    expect(created.json.status).toBe('NOT_YET_RATED');

    expect(
      (await send('POST', `/loans/${loanId}/consent`, { body: { termsOfServiceId: 'tos-1' } }))
        .status,
    ).toBe(200);
    expect(
      (await send('POST', `/loans/${loanId}/consent/tcpa`, { body: { termsOfServiceId: 'tos-1' } }))
        .status,
    ).toBe(200);
    expect(sandbox.inspectLoan(loanId)?.tcpaConsentRecorded).toBe(true);
    expect((await send('PATCH', `/loans/${loanId}/shop`)).status).toBe(200);
    expect((await send('GET', `/loans/${loanId}`)).json.status).toBe('RC1_RATING');

    const stream = await raw('GET', `/loans/${loanId}/events`, {
      headers: { Accept: 'text/event-stream' },
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // retry:
    await sandbox.advance(QUOTE_DELAY_MS);
    // Webhooks are delivered concurrently, so the two events may arrive in either order.
    let text = '';
    while (!(text.includes('event: policy.bound') && text.includes('event: loan.shopped'))) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    expect(text).toContain('event: loan.shopped');
    expect(text).toContain('event: policy.bound');
    await reader.cancel();

    // The event marked the kept copy's status stale: the next read shows the new status.
    expect((await send('GET', `/loans/${loanId}`)).json.status).toBe('RC1_RATED');
    const display = await send('GET', `/loans/${loanId}/display`);
    const quoteId = display.json.quotes[0].id as string;
    expect((await send('POST', `/loans/${loanId}/quotes/${quoteId}/select`)).json).toEqual({
      quoteId,
      success: true,
    });
    expect(sandbox.inspectLoan(loanId)?.selectedQuoteId).toBe(quoteId);

    const polled = await send('GET', `/loans/${loanId}/events`);
    const bound = polled.json.events.find(
      (e: { event: { type: string } }) => e.event.type === 'policy.bound',
    );
    const policy = await send('GET', `/policies/${bound.event.policyId}`);
    expect(policy.status).toBe(200);
    expect(policy.json.documents.length).toBeGreaterThan(0);
    // From the sandbox's asset origin, another host than the service's: the BFF's defaults
    // let it through.
    for (const doc of policy.json.documents) {
      expect(doc.url.startsWith(`${SANDBOX_DEFAULTS.assetOrigin}/sandbox/documents/`)).toBe(true);
    }

    const scheduledAt = new Date(sandbox.clock.now() + 24 * 3600 * 1000).toISOString();
    expect(
      (await send('POST', `/loans/${loanId}/schedule-call`, { body: { scheduledAt } })).status,
    ).toBe(200);
    expect(sandbox.tasks).toHaveLength(1);

    // Replaying the submit creates no second loan.
    const replay = await send('POST', '/loans', {
      body: {
        ...createLoanApplicationFixture({ primaryBorrower: { firstName: 'Bind_policy' } }),
        partner_id: 'x',
      },
      headers: { 'Idempotency-Key': 'submit-1' },
    });
    expect(replay.json.id).toBe(loanId);
    expect(sandbox.stats().requests.submitLoanApplication).toBe(1);
    // The loan was never read from the service (a rate-limited call): the submit's answer was
    // kept, the shop set it quoting, and after the events the status came from the display.
    expect(calls.filter((c) => c.name === 'getLoan')).toHaveLength(0);
  });

  it("the sandbox's own refusals come back typed: shopping without consent and selecting before rating are 409", async () => {
    const { send } = await sandboxBff();
    const loanId = (await send('POST', '/loans', { body: createLoanApplicationFixture() })).json
      .id as string;
    const shop = await send('PATCH', `/loans/${loanId}/shop`);
    expect(shop.status).toBe(409);
    expect(shop.json.error.code).toBe('consent_required');
    expect((await send('POST', `/loans/${loanId}/quotes/nope/select`)).status).toBe(409);
  });
});
