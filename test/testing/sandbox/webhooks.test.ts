import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BIND_POLICY_FIRST_NAME,
  SANDBOX_DEFAULTS,
  signWebhookBody,
} from '../../../src/testing/index.js';
import type { Harness } from './harness.js';
import {
  createHarness,
  DAY,
  HOUR,
  QUOTE_DELAY_MS,
  START,
  verifySignature,
  WEBHOOK_TARGET,
} from './harness.js';

const SECRET = SANDBOX_DEFAULTS.clientSecret;

function basic(username: string, password: string) {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** A bound policy (loan.shopped + policy.bound): three webhook events in total with a supplemental. */
async function shopWithPolicies(h: Harness, externalId?: string) {
  return h.ratedLoan({
    loanNumber: 'LN-WH-1',
    ...(externalId ? { externalId } : {}),
    primary: { firstName: BIND_POLICY_FIRST_NAME, lastName: 'Wind' },
  });
}

describe('webhook deliveries', () => {
  it('posts each event as JSON signed with an HMAC-SHA256 of the raw body keyed with the client secret', async () => {
    const h = await createHarness();
    await shopWithPolicies(h);

    // Deliveries run concurrently, as the service's do: arrival order is not promised.
    expect(h.received.map((r) => r.event.type).sort()).toEqual([
      'loan.shopped',
      'policy.bound',
      'policy.bound',
    ]);
    for (const r of h.received) {
      expect(r.method).toBe('POST');
      expect(r.url).toBe(WEBHOOK_TARGET.url);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      const signature = r.headers.get('x-service-signature-1');
      expect(signature).toBe(createHmac('sha256', SECRET).update(r.body).digest('hex'));
      expect(verifySignature(r.body, SECRET, signature)).toBe(true);
      expect(verifySignature(r.body, 'another_secret', signature)).toBe(false);
      expect(verifySignature(`${r.body} `, SECRET, signature)).toBe(false);
    }
  });

  it('agrees with signWebhookBody on a fixed text', async () => {
    const body = '{"id":"evt_1","type":"loan.shopped"}';
    expect(await signWebhookBody(body, 'k')).toBe(
      createHmac('sha256', 'k').update(body).digest('hex'),
    );
  });

  it('sends the partner id, the external id and basic authorization', async () => {
    const h = await createHarness();
    await shopWithPolicies(h, 'crm-77');

    for (const r of h.received) {
      expect(r.headers.get('x-service-partner-id')).toBe(SANDBOX_DEFAULTS.partnerId);
      expect(r.headers.get('x-service-external-id')).toBe('crm-77');
      expect(r.headers.get('authorization')).toBe(
        basic(WEBHOOK_TARGET.username, WEBHOOK_TARGET.password),
      );
    }
  });

  it('sends no Authorization header when no credentials are registered', async () => {
    const h = await createHarness();
    h.sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, { url: 'https://hooks.example/x' });
    await h.ratedLoan();

    expect(h.received).toHaveLength(1);
    expect(h.received[0]?.url).toBe('https://hooks.example/x');
    expect(h.received[0]?.headers.has('authorization')).toBe(false);
  });

  it('carries a sparse envelope: ids only, unique event ids, ISO occurredAt', async () => {
    const h = await createHarness();
    const loanId = await shopWithPolicies(h);

    // Deliveries run concurrently: compare in emission order, not arrival order.
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const events = h.received.map((r) => r.event);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const shopped = events.filter((e) => e.type === 'loan.shopped');
    const bound = events.filter((e) => e.type !== 'loan.shopped');
    expect(shopped).toHaveLength(1);
    expect(shopped[0]).toEqual({
      id: expect.any(String),
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date(START + QUOTE_DELAY_MS).toISOString(),
      data: {
        loanId,
        partnerId: SANDBOX_DEFAULTS.partnerId,
        platformId: null,
        externalId: 'LN-WH-1',
      },
    });
    expect(bound).toHaveLength(2);
    for (const e of bound) {
      expect(e).toEqual({
        id: expect.any(String),
        type: 'policy.bound',
        objectType: 'policy',
        occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        data: {
          policyId: expect.any(String),
          loanId,
          partnerId: SANDBOX_DEFAULTS.partnerId,
          platformId: null,
          externalId: 'LN-WH-1',
        },
      });
    }
    // What was delivered is what the sandbox recorded.
    expect([...events].sort(byId)).toEqual([...h.sandbox.events].sort(byId));
  });

  it("signs a platform partner's events with the platform secret and names the platform", async () => {
    const h = await createHarness({
      webhook: false,
      sandbox: {
        clients: [
          { clientId: 'platform', clientSecret: 'platform_secret', lenderPartnerIds: ['lender_9'] },
        ],
      },
      credentials: {
        client_id: 'platform',
        client_secret: 'platform_secret',
        partner_id: 'lender_9',
      },
    });
    h.sandbox.registerWebhook('platform', { url: 'https://platform.example/hooks' });
    const loanId = await h.ratedLoan();

    expect(h.received).toHaveLength(1);
    const [r] = h.received;
    expect(r?.event.data).toMatchObject({ loanId, partnerId: 'lender_9', platformId: 'platform' });
    expect(r?.headers.get('x-service-partner-id')).toBe('lender_9');
    expect(
      verifySignature(
        r?.body ?? '',
        'platform_secret',
        r?.headers.get('x-service-signature-1') ?? null,
      ),
    ).toBe(true);
  });

  it('uses a configured header prefix for every vendor header', async () => {
    const h = await createHarness({ sandbox: { webhookHeaderPrefix: 'X-Acme' } });
    await h.ratedLoan();

    const [r] = h.received;
    expect(
      verifySignature(r?.body ?? '', SECRET, r?.headers.get('x-acme-signature-1') ?? null),
    ).toBe(true);
    expect(r?.headers.get('x-acme-partner-id')).toBe(SANDBOX_DEFAULTS.partnerId);
    expect(r?.headers.get('x-acme-external-id')).toBe('LN-2026-0001');
    const serviceHeaders = [...(r?.headers.keys() ?? [])].filter((k) => k.startsWith('x-service-'));
    expect(serviceHeaders).toEqual([]);
  });

  it('records events but delivers nothing when no receiver is registered, or after it is removed', async () => {
    const h = await createHarness({ webhook: false });
    await h.ratedLoan();
    expect(h.sandbox.events).toHaveLength(1);
    expect(h.received).toEqual([]);

    h.sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, { ...WEBHOOK_TARGET });
    await h.ratedLoan();
    h.sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, null);
    await h.ratedLoan();
    expect(h.sandbox.events).toHaveLength(3);
    expect(h.received).toHaveLength(1);
    expect(() => h.sandbox.registerWebhook('nobody', { url: 'https://x.example' })).toThrow();
  });
});

describe('webhook retries', () => {
  it('retries a failing receiver every 4 hours for 14 days: 85 attempts with identical signed bytes', async () => {
    const h = await createHarness();
    h.answerWebhooks(500);
    await h.ratedLoan();
    const firstAt = START + QUOTE_DELAY_MS;

    await h.advance(14 * DAY + HOUR);
    await h.advance(30 * DAY);

    expect(h.received).toHaveLength(85);
    const attempts = h.sandbox.deliveries;
    expect(attempts).toHaveLength(85);
    expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: 85 }, (_, i) => i + 1));
    expect(attempts.map((a) => a.at)).toEqual(
      Array.from({ length: 85 }, (_, i) => firstAt + i * 4 * HOUR),
    );
    expect(attempts.every((a) => !a.ok && a.status === 500)).toBe(true);
    expect(new Set(h.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(h.received.map((r) => r.headers.get('x-service-signature-1'))).size).toBe(1);
    expect(h.sandbox.clock.pending()).toBe(0);
  });

  it('stops retrying once the receiver acknowledges with any 2xx', async () => {
    const h = await createHarness();
    let calls = 0;
    h.answerWebhooks(() => (++calls <= 2 ? 503 : 299));
    await h.ratedLoan();

    await h.advance(3 * DAY);
    expect(h.sandbox.deliveries.map((d) => [d.attempt, d.ok])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(h.received).toHaveLength(3);
  });

  it('treats a redirect or a 4xx as a failure', async () => {
    const h = await createHarness();
    let calls = 0;
    h.answerWebhooks(() => [302, 404, 200][calls++] ?? 200);
    await h.ratedLoan();
    await h.advance(DAY);

    expect(h.sandbox.deliveries.map((d) => d.ok)).toEqual([false, false, true]);
  });
});
