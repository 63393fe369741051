import { describe, expect, it } from 'vitest';
import { envelope, MINUTE, NOW, SECOND, SECRET, setup } from './webhookHarness.js';

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const CREDENTIALS = { username: 'hook_user', password: 'hook_pass_0123456789' };

const WRONG_SECRET_LINE =
  "webhook: a delivery's signature did not verify against the configured `secret` (WEBHOOK_SECRET); it was refused with 401 and the service will deliver it again. If every delivery fails, the secret differs from the one the service signs with: for this service, the partner's client secret, so set `secret` (WEBHOOK_SECRET) to the client secret (SERVICE_CLIENT_SECRET) of the credentials that shop the loans; while rotating it, pass the new and the old one.";

describe('a refused delivery explains itself in the log', () => {
  it('a wrong secret: every delivery is 401, and the log names the secret to set, once a minute', async () => {
    const s = setup();
    for (let i = 0; i < 30; i++) {
      expect((await s.send({ secret: 'whsec_wrong_one' })).status).toBe(401);
      s.advance(SECOND);
    }
    expect(s.logger.error.mock.calls).toEqual([[WRONG_SECRET_LINE, { status: 401 }]]);
    s.advance(30 * SECOND);
    await s.send({ secret: 'whsec_wrong_one' });
    expect(s.logger.error.mock.calls[1]).toEqual([
      WRONG_SECRET_LINE,
      { status: 401, suppressedSinceLastLog: 29 },
    ]);
    expect(s.logger.warn).not.toHaveBeenCalled();
  });

  it('the log holds neither the secret, the signature nor the body', async () => {
    const s = setup({ basicAuth: CREDENTIALS });
    const body = JSON.stringify(envelope({ id: 'evt_private_77' }));
    await s.send({ body, signature: 'ab'.repeat(32), headers: { Authorization: basic('x', 'y') } });
    await s.send({
      body,
      signature: 'ab'.repeat(32),
      headers: { Authorization: basic(CREDENTIALS.username, CREDENTIALS.password) },
    });
    const logged = JSON.stringify([s.logger.error.mock.calls, s.logger.warn.mock.calls]);
    expect(s.logger.error).toHaveBeenCalledTimes(2);
    for (const leak of [SECRET, 'ab'.repeat(32), 'evt_private_77', CREDENTIALS.password]) {
      expect(logged).not.toContain(leak);
    }
  });

  it('no signature header at all: the log says none under any prefix came, and to look for what drops it', async () => {
    const s = setup();
    expect((await s.send({ signature: null })).status).toBe(401);
    expect(s.logger.error.mock.calls).toEqual([
      [
        "webhook: a delivery carried no X-*-Signature-1 header and was refused with 401. The service signs every delivery (X-<Vendor>-Signature-1, under any vendor prefix with `headerPrefix` 'auto'): check that no proxy in front of the receiver drops the header. Unsigned deliveries are accepted only with `allowUnsigned` and `basicAuth` (WEBHOOK_BASIC_AUTH_USERNAME / WEBHOOK_BASIC_AUTH_PASSWORD).",
        { status: 401 },
      ],
    ]);
    expect(s.relay.webhookHealth?.snapshot().lastRefused).toEqual({
      at: NOW,
      reason: 'no X-*-Signature-1 header',
      fix: 'check that nothing between the service and the receiver drops the X-<Vendor>-Signature-1 header',
    });
  });

  it('no signature header at all, under a pinned prefix: the log names the header prefix to check', async () => {
    const s = setup({ headerPrefix: 'X-Service' });
    expect((await s.send({ signature: null })).status).toBe(401);
    expect(s.logger.error.mock.calls).toEqual([
      [
        "webhook: a delivery carried no X-Service-Signature-1 header and was refused with 401. The service signs every delivery: if it names the header with its vendor's name (X-<Vendor>-Signature-1), set `headerPrefix` (WEBHOOK_HEADER_PREFIX) to that prefix. Unsigned deliveries are accepted only with `allowUnsigned` and `basicAuth` (WEBHOOK_BASIC_AUTH_USERNAME / WEBHOOK_BASIC_AUTH_PASSWORD).",
        { status: 401 },
      ],
    ]);
  });

  it('basic auth: a delivery without credentials and one with other credentials each say so', async () => {
    const s = setup({ basicAuth: CREDENTIALS });
    expect((await s.send()).status).toBe(401);
    expect(
      (await s.send({ headers: { Authorization: basic('hook_user', 'old_pass') } })).status,
    ).toBe(401);
    expect(s.logger.error.mock.calls).toEqual([
      [
        "webhook: a delivery carried no basic-auth credentials while `basicAuth` (WEBHOOK_BASIC_AUTH_USERNAME / WEBHOOK_BASIC_AUTH_PASSWORD) is set; it was refused with 401. If every delivery fails, the webhook was registered with the service without credentials: register these with the service's support, or unset `basicAuth` (WEBHOOK_BASIC_AUTH_USERNAME / WEBHOOK_BASIC_AUTH_PASSWORD).",
        { status: 401 },
      ],
      [
        "webhook: a delivery's basic-auth credentials did not match `basicAuth` (WEBHOOK_BASIC_AUTH_USERNAME / WEBHOOK_BASIC_AUTH_PASSWORD); it was refused with 401. If every delivery fails, the credentials registered with the service differ from these: set the registered ones, or register these with the service's support.",
        { status: 401 },
      ],
    ]);
  });

  it('made-up refusals by the hundred still make at most one line per cause a minute', async () => {
    const s = setup({ basicAuth: CREDENTIALS });
    for (let i = 0; i < 200; i++) {
      await s.send({ headers: { Authorization: basic(`user_${i}`, 'x') } });
    }
    expect(s.logger.error).toHaveBeenCalledTimes(1);
    s.advance(MINUTE);
    await s.send({ headers: { Authorization: basic('user_x', 'x') } });
    expect(s.logger.error).toHaveBeenCalledTimes(2);
  });

  it('the relay keeps the last refusal and the last accepted delivery for the BFF', async () => {
    const s = setup();
    expect(s.relay.webhookHealth?.snapshot()).toEqual({
      lastRefused: null,
      lastAcceptedAt: null,
      refusedCount: 0,
      acceptedCount: 0,
    });
    await s.send({ secret: 'whsec_wrong_one' });
    s.advance(5 * SECOND);
    expect((await s.send()).status).toBe(200);
    expect(s.relay.webhookHealth?.snapshot()).toEqual({
      lastRefused: {
        at: NOW,
        reason: 'invalid signature',
        fix: "check `secret` (WEBHOOK_SECRET): the service signs with the partner's client secret (SERVICE_CLIENT_SECRET)",
      },
      lastAcceptedAt: NOW + 5 * SECOND,
      refusedCount: 1,
      acceptedCount: 1,
    });
  });

  it('a delivery signed under another prefix than the pinned one is recorded with the prefix to set', async () => {
    const s = setup({ headerPrefix: 'X-Service' });
    const body = JSON.stringify(envelope());
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    await s.send({ body, signature: null, headers: { 'X-Acme-Signature-1': signature } });
    expect(s.relay.webhookHealth?.snapshot().lastRefused).toEqual({
      at: NOW,
      reason: 'signed in X-Acme-Signature-1, not X-Service-Signature-1',
      fix: "set `headerPrefix` (WEBHOOK_HEADER_PREFIX) to 'X-Acme'",
    });
  });
});

describe('a self-check delivery (type lir.webhook.test)', () => {
  // Shaped as a setup check sends it: a normal event envelope of the test type.
  const testEvent = (patch: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: 'evt_lir_doctor_0123456789abcdef',
      type: 'lir.webhook.test',
      objectType: 'webhook',
      occurredAt: new Date(NOW).toISOString(),
      data: { partnerId: 'partner_a', platformId: null },
      ...patch,
    });

  it('is answered 200 { received, test }, reaches neither onEvent, the relay nor the store, and logs nothing', async () => {
    const s = setup();
    const answer = await s.send({ body: testEvent() });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true, test: true });
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(s.writes()).toBe(0);
    expect(await s.relay.read('ln_1', null)).toEqual([]);
    expect(s.logger.warn).not.toHaveBeenCalled();
    expect(s.logger.error).not.toHaveBeenCalled();
    // Not an event of the service's: it says nothing about deliveries from it.
    expect(s.relay.webhookHealth?.snapshot().acceptedCount).toBe(0);
    // And again, with the same id: no de-duplication record was made.
    expect((await s.send({ body: testEvent() })).body).toEqual({ received: true, test: true });
  });

  it('goes through the same checks: a wrong secret, missing basic auth and an old event are refused', async () => {
    const s = setup({ basicAuth: CREDENTIALS });
    const auth = { Authorization: basic(CREDENTIALS.username, CREDENTIALS.password) };
    expect((await s.send({ body: testEvent(), headers: auth })).body).toEqual({
      received: true,
      test: true,
    });
    expect((await s.send({ body: testEvent() })).status).toBe(401);
    expect((await s.send({ body: testEvent(), secret: 'whsec_wrong', headers: auth })).status).toBe(
      401,
    );
    const old = testEvent({ occurredAt: new Date(NOW - 15 * 24 * 60 * MINUTE).toISOString() });
    expect((await s.send({ body: old, headers: auth })).body.error.code).toBe('stale_event');
    expect(s.onEvent).not.toHaveBeenCalled();
  });
});
