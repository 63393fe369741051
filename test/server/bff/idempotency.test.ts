import { describe, expect, it } from 'vitest';
import { ServiceError, TimeoutError, ValidationError } from '../../../src/server/index.js';
import { cannedResponder, deferred, flush, loanApplication, setup, until } from './helpers.js';

const key = (k: string) => ({ 'Idempotency-Key': k });

describe('Idempotency-Key', () => {
  it('B20: the same key and body twice: one upstream call, the same response replayed with Idempotent-Replayed', async () => {
    const { send, calls } = setup();
    const first = await send('POST', '/loans', {
      body: loanApplication(),
      headers: key('intent-1'),
    });
    const second = await send('POST', '/loans', {
      body: loanApplication(),
      headers: key('intent-1'),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('content-type')).toContain('application/json');
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(calls).toHaveLength(1);
  });

  it('B20: key order and whitespace do not change the fingerprint', async () => {
    const { send, calls } = setup();
    const body = { termsOfServiceId: 'tos-1', email: 'a@example.com' };
    await send('POST', '/loans/loan_a1/consent', { body, headers: key('k') });
    const reordered = await send('POST', '/loans/loan_a1/consent', {
      rawBody: ' { "email" : "a@example.com", "termsOfServiceId": "tos-1" } ',
      headers: key('k'),
    });
    expect(reordered.status).toBe(200);
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(1);
  });

  it('U3: a double click (two concurrent submits with one key) makes one upstream call: the second waits for the first and gets its answer', async () => {
    const gate = deferred<void>();
    const { send, calls } = setup({
      responder: async (name, options) => {
        await gate.promise;
        return cannedResponder(name, options);
      },
    });
    const first = send('POST', '/loans', { body: loanApplication(), headers: key('click') });
    await until(() => calls.length === 1);
    const concurrent = send('POST', '/loans', { body: loanApplication(), headers: key('click') });
    await flush();
    expect(calls).toHaveLength(1);
    gate.resolve();
    expect((await first).status).toBe(201);
    expect((await concurrent).status).toBe(201);
    expect((await concurrent).headers.get('idempotent-replayed')).toBe('true');
    expect((await concurrent).text).toBe((await first).text);
    const after = await send('POST', '/loans', { body: loanApplication(), headers: key('click') });
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(1);
  });

  it('U4: a second tab with the same intent key gets the replayed loan and onLoanCreated runs once', async () => {
    let created = 0;
    const { send, calls } = setup({
      onLoanCreated: () => {
        created++;
      },
    });
    const a = await send('POST', '/loans', { body: loanApplication(), headers: key('intent-tab') });
    const b = await send('POST', '/loans', { body: loanApplication(), headers: key('intent-tab') });
    expect(b.json).toEqual(a.json);
    expect(created).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('B21: the same key with a different body answers 422 and calls nothing more', async () => {
    const { send, calls } = setup();
    await send('POST', '/loans', {
      body: loanApplication({ loanNumber: 'LN-1' }),
      headers: key('k1'),
    });
    const res = await send('POST', '/loans', {
      body: loanApplication({ loanNumber: 'LN-2' }),
      headers: key('k1'),
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('idempotency_key_reused');
    // Same key on another loan's path is a different request too.
    await send('POST', '/loans/loan_a1/consent', {
      body: { termsOfServiceId: 't' },
      headers: key('k2'),
    });
    const other = await send('POST', '/loans/loan_a2/consent', {
      body: { termsOfServiceId: 't' },
      headers: key('k2'),
    });
    expect(other.status).toBe(422);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'my key'],
    ['a tab', 'my\tkey'],
    ['non-ASCII', 'clé'],
  ])(
    'B21: a malformed key (%s) answers 400 before anything is read or sent',
    async (_name, value) => {
      const { send, calls } = setup();
      const res = await send('POST', '/loans', { body: loanApplication(), headers: key(value) });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_idempotency_key');
      expect(calls).toEqual([]);
    },
  );

  it('B21: an empty key is malformed; a 255-character key is fine', async () => {
    const { bff, calls } = setup();
    const empty = new Request('https://portal.example/api/insurance/loans/loan_a1/shop', {
      method: 'PATCH',
      headers: { Cookie: 'sid=alice', 'X-LIR-CSRF': '1', 'Idempotency-Key': '' },
    });
    expect((await bff.handler(empty)).status).toBe(400);
    const { send } = setup();
    expect(
      (await send('POST', '/loans', { body: loanApplication(), headers: key('k'.repeat(255)) }))
        .status,
    ).toBe(201);
    expect(calls).toEqual([]);
  });

  it('B21: keys are scoped per session and per operation', async () => {
    const { send, calls, owned } = setup();
    owned.get('bob')?.add('loan_a1');
    await send('POST', '/loans', { body: loanApplication(), headers: key('shared') });
    const bob = await send('POST', '/loans', {
      body: loanApplication(),
      headers: key('shared'),
      session: 'bob',
    });
    expect(bob.headers.get('idempotent-replayed')).toBeNull();
    const otherOp = await send('POST', '/loans/loan_a1/quotes/q1/select', {
      headers: key('shared'),
    });
    expect(otherOp.headers.get('idempotent-replayed')).toBeNull();
    expect(calls).toHaveLength(3);
  });

  it('B21: a refusal for now (503) or a call that never went out (timeout) releases the key, so a retry with the same key runs (once)', async () => {
    const failures: unknown[] = [new ServiceError(503, 'unavailable', 'down'), new TimeoutError()];
    const { send, calls } = setup({
      responder: (name, options) => {
        const failure = failures.shift();
        if (failure) throw failure;
        return cannedResponder(name, options);
      },
    });
    const first = await send('POST', '/loans/loan_a1/quotes/q1/select', { headers: key('retry') });
    expect(first.status).toBe(502);
    const second = await send('POST', '/loans/loan_a1/quotes/q1/select', { headers: key('retry') });
    expect(second.status).toBe(504);
    const third = await send('POST', '/loans/loan_a1/quotes/q1/select', { headers: key('retry') });
    expect(third.status).toBe(200);
    const replay = await send('POST', '/loans/loan_a1/quotes/q1/select', { headers: key('retry') });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(3);
  });

  it('B21: a validation refusal from the service is kept and replayed; a local validation refusal writes no record', async () => {
    const { send, calls } = setup({
      responder: (name, options) => {
        if (name === 'scheduleCall') {
          throw new ValidationError([
            { path: 'scheduledAt', message: 'Call time must be in the future' },
          ]);
        }
        return cannedResponder(name, options);
      },
    });
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: { termsOfServiceId: 't' } });
    const local = await send('POST', '/loans/loan_a1/schedule-call', {
      body: { scheduledAt: 'soon' },
      headers: key('v'),
    });
    expect(local.status).toBe(400);
    expect(calls.map((c) => c.name)).toEqual(['recordTcpaConsent']);
    // The local refusal kept nothing: the same key with another body is a fresh request.
    const body = { scheduledAt: '2020-01-01T10:00:00Z' };
    const upstream = await send('POST', '/loans/loan_a1/schedule-call', {
      body,
      headers: key('v'),
    });
    const replay = await send('POST', '/loans/loan_a1/schedule-call', { body, headers: key('v') });
    expect(upstream.status).toBe(400);
    // The service's refusal, in the library's words (B36).
    expect(upstream.json.error.issues).toEqual([
      { path: 'scheduledAt', message: 'This value was not accepted' },
    ]);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(upstream.text);
    expect(calls.map((c) => c.name)).toEqual(['recordTcpaConsent', 'scheduleCall']);
  });

  it('a 429 (session share) is not kept: the same key passes once the window allows', async () => {
    const { send, calls } = setup({ sessionRateLimit: { limit: 1, windowMs: 60_000 } });
    await send('PATCH', '/loans/loan_a1/shop');
    const limited = await send('POST', '/loans', {
      body: loanApplication(),
      headers: key('later'),
    });
    expect(limited.status).toBe(429);
    const again = await send('POST', '/loans', { body: loanApplication(), headers: key('later') });
    expect(again.status).toBe(429);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('the key is ignored on reads and idempotent writes (GET, PUT, close)', async () => {
    const { send, calls } = setup();
    expect((await send('GET', '/loans/loan_a1', { headers: key('bad key ignored') })).status).toBe(
      200,
    );
    expect(
      (await send('PUT', '/loans/loan_a1/loan-contacts', { body: [], headers: key('x') })).status,
    ).toBe(204);
    expect(
      (await send('PUT', '/loans/loan_a1/loan-contacts', { body: [], headers: key('x') })).status,
    ).toBe(204);
    expect(calls).toHaveLength(3);
  });
});
