import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBasicAuthCheck } from '../../../src/server/webhooks/createBasicAuthCheck.js';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import {
  basic,
  CREDENTIALS,
  envelope,
  MINUTE,
  nodeCrypto,
  OLD_SECRET,
  SECOND,
  SECRET,
  setup,
  sign,
} from './webhookHarness.js';

const BODY = JSON.stringify(envelope());
/** An explicit prefix: the receiver reads that one alone, as before `'auto'` became the default. */
const PINNED = { headerPrefix: 'X-Service' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('webhook authentication', () => {
  it('W2: a valid delivery is acknowledged, relayed and handed to onEvent once', async () => {
    const s = setup();
    const answer = await s.send({ body: BODY });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    expect(s.onEvent).toHaveBeenCalledTimes(1);
    expect(s.onEvent).toHaveBeenCalledWith(envelope(), {
      loanId: 'ln_1',
      headers: { prefix: 'X-Service', partnerId: null, externalId: null },
    });
    const relayed = await s.relay.read('ln_1', null);
    expect(relayed.map((r) => r.event)).toEqual([
      { id: 'evt_1', type: 'loan.shopped', occurredAt: envelope().occurredAt, loanId: 'ln_1' },
    ]);
    expect(await s.store.get('lir:webhook:evt_1')).toBe('done');
  });

  const WITH_DECIMAL = BODY.replace('}}', ',"n":1.0}}');
  const reordered = Object.fromEntries(Object.entries(JSON.parse(BODY)).reverse());
  it.each([
    ['one byte flipped', BODY, BODY.replace('ln_1', 'ln_2')],
    ['a trailing newline', BODY, `${BODY}\n`],
    ['re-serialized (1.0 becomes 1)', WITH_DECIMAL, JSON.stringify(JSON.parse(WITH_DECIMAL))],
    ['keys reordered', BODY, JSON.stringify(reordered)],
  ])(
    'W3: a tampered body (%s) is refused with 401; nothing processed or recorded',
    async (_name, original, tampered) => {
      const s = setup();
      expect(tampered).not.toBe(original);
      const answer = await s.send({ body: tampered, signature: sign(original) });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: { code: 'unauthorized', message: 'Invalid signature' },
      });
      expect(s.onEvent).not.toHaveBeenCalled();
      expect(s.writes()).toBe(0);
    },
  );

  it('W4: a signature made with another secret is refused', async () => {
    const s = setup();
    expect((await s.send({ body: BODY, secret: 'someone_else' })).status).toBe(401);
    expect(s.writes()).toBe(0);
  });

  it('W4: during a rotation the old secret is accepted only because it is in the configured list', async () => {
    const withoutFallback = setup();
    expect((await withoutFallback.send({ body: BODY, secret: OLD_SECRET })).status).toBe(401);
    const rotating = setup({ secret: [SECRET, OLD_SECRET] });
    expect((await rotating.send({ body: BODY, secret: OLD_SECRET })).status).toBe(200);
    const next = JSON.stringify(envelope({ id: 'evt_2' }));
    expect((await rotating.send({ body: next, secret: SECRET })).status).toBe(200);
    const third = JSON.stringify(envelope({ id: 'evt_3' }));
    expect((await rotating.send({ body: third, secret: 'unrelated' })).status).toBe(401);
    expect(rotating.onEvent).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['an empty string', ''],
    ['an empty list', []],
    ['a list with an empty secret', [SECRET, '']],
    ['a missing secret', undefined],
  ])('W4: a configuration with %s throws at construction', (_name, secret) => {
    expect(() => createWebhookHandler({ secret: secret as string })).toThrow(TypeError);
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['repeated (joined with a comma)', `${sign(BODY)}, ${sign(BODY)}`],
  ])(
    'W5: a signature header that is %s is refused with 401 by default, never 500',
    async (_name, signature) => {
      const s = setup();
      const answer = await s.send({ body: BODY, signature });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
      expect(s.writes()).toBe(0);
    },
  );

  it.each(['X-Service', 'X-Acme'])(
    'W5, W43: a %s signature header sent twice is one joined value, no signature: refused even when each copy is valid',
    async (prefix) => {
      const s = setup();
      const headers = new Headers({ 'Content-Type': 'application/json' });
      headers.append(`${prefix}-Signature-1`, sign(BODY));
      headers.append(`${prefix}-Signature-1`, sign(BODY));
      const response = await s.handler(
        new Request('https://lender.example/hooks', { method: 'POST', headers, body: BODY }),
      );
      expect(response.status).toBe(401);
    },
  );

  it('W5: unsigned deliveries are accepted only under an explicit basic-auth-only configuration', async () => {
    expect(() => createWebhookHandler({ secret: SECRET, allowUnsigned: true })).toThrow(
      /allowUnsigned needs basicAuth/,
    );
    const s = setup({ basicAuth: CREDENTIALS, allowUnsigned: true });
    const auth = { Authorization: basic('hook_user', 'hook_pass') };
    expect((await s.send({ body: BODY, signature: null, headers: auth })).status).toBe(200);
    // Basic auth still decides, and a signature that is present must still be right.
    const other = JSON.stringify(envelope({ id: 'evt_2' }));
    expect((await s.send({ body: other, signature: null })).status).toBe(401);
    expect((await s.send({ body: other, signature: sign(other, 'x'), headers: auth })).status).toBe(
      401,
    );
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['non-hex characters', (g: string) => `abXY${g.slice(4)}`],
    ['63 characters', (g: string) => g.slice(0, 63)],
    ['65 characters', (g: string) => `${g}0`],
    ['a sha256= prefix', (g: string) => `sha256=${g}`],
    ['Latin-1 of equal length', () => `é${'a'.repeat(63)}`],
  ])(
    'W6: a malformed signature header (%s) is refused with 401, never 500',
    async (_name, mangle) => {
      const s = setup();
      expect((await s.send({ body: BODY, signature: mangle(sign(BODY)) })).status).toBe(401);
    },
  );

  it('W6: surrounding whitespace is not part of an HTTP header value, so it cannot make a signature fail', async () => {
    // Headers strip leading and trailing spaces (RFC 9110 OWS): the handler sees the bare hex.
    const s = setup();
    expect((await s.send({ body: BODY, signature: ` ${sign(BODY)} ` })).status).toBe(200);
  });

  it('W7: an upper-case signature header is accepted (the bytes are compared; documented)', async () => {
    const s = setup();
    expect((await s.send({ body: BODY, signature: sign(BODY).toUpperCase() })).status).toBe(200);
  });

  it('W21: a delivery with a bad signature leaves no de-duplication record, so the genuine one is processed', async () => {
    const s = setup();
    const forged = await s.send({ body: BODY, signature: sign(BODY, 'attacker') });
    expect(forged.status).toBe(401);
    expect(await s.store.get('lir:webhook:evt_1')).toBeNull();
    expect(s.writes()).toBe(0);
    const genuine = await s.send({ body: BODY });
    expect(genuine.status).toBe(200);
    expect(genuine.body).toEqual({ received: true });
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });

  describe('W22: basic auth enabled', () => {
    it.each([
      ['missing', undefined],
      ['wrong password', basic('hook_user', 'hook_pasX')],
      ['wrong user', basic('hook_usex', 'hook_pass')],
      ['shorter password', basic('hook_user', 'h')],
      ['not Basic', 'Bearer hook_pass'],
      ['not base64', 'Basic !!!'],
    ])('W22: %s credentials with a valid HMAC get 401', async (_name, authorization) => {
      const s = setup({ basicAuth: CREDENTIALS });
      const answer = await s.send({
        body: BODY,
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(s.writes()).toBe(0);
      expect(s.onEvent).not.toHaveBeenCalled();
    });

    it('W22: correct credentials with a bad HMAC get 401; with a good one, 200', async () => {
      const s = setup({ basicAuth: CREDENTIALS });
      const Authorization = basic('hook_user', 'hook_pass');
      expect(
        (await s.send({ body: BODY, signature: sign(BODY, 'x'), headers: { Authorization } }))
          .status,
      ).toBe(401);
      expect((await s.send({ body: BODY, headers: { Authorization } })).status).toBe(200);
    });

    it('W22: credentials are compared in constant time: every attempt, of any length, is a timingSafeEqual of 32-byte MACs', async () => {
      const s = setup({ basicAuth: CREDENTIALS });
      const equal = vi.spyOn(nodeCrypto, 'timingSafeEqual');
      for (const password of ['hook_pass', 'hook_pasX', 'h', 'x'.repeat(500)]) {
        equal.mockClear();
        await s.send({
          body: BODY,
          signature: 'f'.repeat(64),
          headers: { Authorization: basic('hook_user', password) },
        });
        // First call is the credentials check: MACs of 32 bytes, whatever was presented.
        const [presented, expected] = equal.mock.calls[0] ?? [];
        expect((presented as Uint8Array).byteLength).toBe(32);
        expect((expected as Uint8Array).byteLength).toBe(32);
      }
    });

    it('W22: where node:crypto is missing, every attempt is a crypto.subtle.verify of 32-byte MACs', async () => {
      const check = createBasicAuthCheck(CREDENTIALS, null);
      const verify = vi.spyOn(crypto.subtle, 'verify');
      for (const password of ['hook_pass', 'hook_pasX', 'h', 'x'.repeat(500)]) {
        verify.mockClear();
        expect(await check(basic('hook_user', password))).toBe(password === 'hook_pass');
        const [algorithm, , expected] = verify.mock.calls[0] ?? [];
        expect(algorithm).toBe('HMAC');
        expect((expected as ArrayBuffer).byteLength).toBe(32);
      }
    });

    it.each([
      ['the right credentials', basic('hook_user', 'hook_pass'), true],
      ['lower-case scheme and spaces', `basic   ${btoa('hook_user:hook_pass')}  `, true],
      ['a wrong password', basic('hook_user', 'hook_pasX'), false],
      ['a longer password', basic('hook_user', 'hook_pass_'), false],
      ['a wrong user', basic('hook_usex', 'hook_pass'), false],
      ['no header', null, false],
      ['an empty header', '', false],
      ['a Bearer token', 'Bearer hook_pass', false],
      ['not base64', 'Basic !!!', false],
    ])(
      'W22: node:crypto and crypto.subtle give the same answer to %s',
      async (_name, header, expected) => {
        const node = createBasicAuthCheck(CREDENTIALS, nodeCrypto);
        const subtle = createBasicAuthCheck(CREDENTIALS, null);
        expect([await node(header), await subtle(header)]).toEqual([expected, expected]);
      },
    );

    it('W22: a username with a colon cannot be registered (it would be ambiguous on the wire)', () => {
      expect(() =>
        createWebhookHandler({ secret: SECRET, basicAuth: { username: 'a:b', password: 'c' } }),
      ).toThrow(TypeError);
    });
  });

  it.each([
    ['Basic credentials', basic('anyone', 'anything')],
    ['a Bearer token', 'Bearer abc'],
    ['garbage', '!!!'],
  ])(
    'W23: without basic auth configured, %s in Authorization is ignored and the HMAC decides',
    async (_name, authorization) => {
      const s = setup();
      const headers = { Authorization: authorization };
      expect((await s.send({ body: BODY, headers, signature: sign(BODY, 'x') })).status).toBe(401);
      expect((await s.send({ body: BODY, headers })).status).toBe(200);
    },
  );

  it("W32: the unsigned partner and external id headers have no effect: the signed body's loan gets the event", async () => {
    const s = setup();
    await s.relay.linkExternalId('EXT-OTHER', 'ln_other');
    await s.relay.linkExternalId('EXT-OTHER', 'ln_other', 'partner_other');
    const answer = await s.send({
      body: BODY,
      headers: { 'X-Service-Partner-Id': 'partner_other', 'X-Service-External-Id': 'EXT-OTHER' },
    });
    expect(answer.status).toBe(200);
    expect(await s.relay.read('ln_other', null)).toEqual([]);
    expect((await s.relay.read('ln_1', null)).map((r) => r.event.loanId)).toEqual(['ln_1']);
    expect(s.onEvent.mock.calls[0]?.[0].data.partnerId).toBe('partner_a');
  });

  it('W32: an event without a loan id is routed by the signed body external id, never the header', async () => {
    const s = setup();
    await s.relay.linkExternalId('EXT-MINE', 'ln_mine', 'partner_a');
    await s.relay.linkExternalId('EXT-OTHER', 'ln_other', 'partner_other');
    const body = JSON.stringify(
      envelope({
        type: 'policy.bound',
        objectType: 'policy',
        data: { policyId: 'pol_1', partnerId: 'partner_a', externalId: 'EXT-MINE' },
      }),
    );
    const answer = await s.send({
      body,
      headers: { 'X-Service-Partner-Id': 'partner_other', 'X-Service-External-Id': 'EXT-OTHER' },
    });
    expect(answer.status).toBe(200);
    expect(await s.relay.read('ln_other', null)).toEqual([]);
    expect(await s.relay.read('ln_mine', null)).toHaveLength(1);
  });

  describe('W37: a receiver pinned to X-Service, and a delivery signed under another header prefix', () => {
    const HINT_LOG =
      "webhook: deliveries are signed in X-Acme-Signature-1 but the receiver expects X-Service-Signature-1; set headerPrefix: 'X-Acme'";
    const HINT_BODY =
      "Missing signature: the delivery is signed in X-Acme-Signature-1 but this receiver expects X-Service-Signature-1; set headerPrefix: 'X-Acme'";
    const acmeSigned = (body = BODY) => ({
      body,
      signature: null,
      headers: { 'X-Acme-Signature-1': sign(body), 'X-Acme-Partner-Id': 'partner_a' },
    });

    it('W37: is refused 401 unauthorized with a body naming the prefix to configure, and the prefix is logged; nothing processed', async () => {
      const s = setup(PINNED);
      const answer = await s.send(acmeSigned());
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'unauthorized', message: HINT_BODY } });
      expect(s.logger.warn).toHaveBeenCalledTimes(1);
      expect(s.logger.warn).toHaveBeenCalledWith(HINT_LOG, {
        foundPrefix: 'X-Acme',
        expectedPrefix: 'X-Service',
      });
      expect(s.onEvent).not.toHaveBeenCalled();
      expect(s.writes()).toBe(0);
    });

    it.each([
      ['lower case', 'x-acme-signature-1'],
      ['upper case', 'X-ACME-SIGNATURE-1'],
    ])(
      'W37: the header is matched whatever its case (%s), and the prefix given capitalized',
      async (_name, header) => {
        const s = setup(PINNED);
        const answer = await s.send({ body: BODY, signature: null, headers: { [header]: 'ab' } });
        expect(answer.status).toBe(401);
        expect(answer.body.error.message).toBe(HINT_BODY);
      },
    );

    it('W37: a delivery with no signature header at all gets the plain answer and no hint', async () => {
      const s = setup(PINNED);
      const answer = await s.send({
        body: BODY,
        signature: null,
        headers: { 'X-Acme-Partner-Id': 'partner_a', 'X-Signature': sign(BODY) },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: { code: 'unauthorized', message: 'Missing signature' },
      });
      expect(s.logger.warn).not.toHaveBeenCalled();
    });

    it('W37: a signature header of the configured prefix decides alone; another one beside it gives no hint', async () => {
      const s = setup(PINNED);
      const both = { 'X-Acme-Signature-1': sign(BODY) };
      expect((await s.send({ body: BODY, headers: both })).status).toBe(200);
      const forged = await s.send({ body: BODY, signature: sign(BODY, 'x'), headers: both });
      expect(forged.body.error.message).toBe('Invalid signature');
      expect(s.logger.warn).not.toHaveBeenCalled();
    });

    it("W37: a receiver configured with headerPrefix 'X-Acme' accepts the delivery", async () => {
      const s = setup({ headerPrefix: 'X-Acme' });
      const answer = await s.send(acmeSigned());
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true });
      expect(s.onEvent).toHaveBeenCalledTimes(1);
      expect(s.logger.warn).not.toHaveBeenCalled();
      // And the spec's spelling is the other prefix now.
      const other = JSON.stringify(envelope({ id: 'evt_2' }));
      const refused = await s.send({ body: other });
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toBe(
        "Missing signature: the delivery is signed in X-Service-Signature-1 but this receiver expects X-Acme-Signature-1; set headerPrefix: 'X-Service'",
      );
    });

    it('W37: under allowUnsigned with basic auth the delivery is processed as before, and the hint is logged', async () => {
      const s = setup({ ...PINNED, basicAuth: CREDENTIALS, allowUnsigned: true });
      const answer = await s.send({
        ...acmeSigned(),
        headers: {
          ...acmeSigned().headers,
          Authorization: basic('hook_user', 'hook_pass'),
        },
      });
      expect(answer.status).toBe(200);
      expect(s.onEvent).toHaveBeenCalledTimes(1);
      expect(s.logger.warn).toHaveBeenCalledWith(HINT_LOG, expect.any(Object));
    });

    it('W37: basic auth is still checked first: without the credentials there is no hint', async () => {
      const s = setup({ ...PINNED, basicAuth: CREDENTIALS });
      const answer = await s.send(acmeSigned());
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toBe('Invalid credentials');
      expect(s.logger.warn).not.toHaveBeenCalled();
    });

    it.each([
      ['a space', 'X Acme'],
      ['a trailing dash', 'X-Acme-'],
      ['an empty string', ''],
      ['a colon', 'X-Acme:'],
      ['65 characters', `X-${'a'.repeat(63)}`],
    ])('W40: a headerPrefix with %s throws at construction, naming the option', (_name, prefix) => {
      expect(() => createWebhookHandler({ secret: SECRET, headerPrefix: prefix })).toThrow(
        /^headerPrefix must/,
      );
    });
  });

  describe('W38: the header prefix hint in the log (a pinned prefix)', () => {
    const signedAs = (prefix: string, id = 'evt_1') => {
      const body = JSON.stringify(envelope({ id }));
      return { body, signature: null, headers: { [`${prefix}-Signature-1`]: sign(body) } };
    };

    it('W38: a flood of deliveries logs the hint at most once a minute per prefix found, then counts what it left out', async () => {
      const s = setup(PINNED);
      for (let i = 0; i < 500; i++) {
        expect((await s.send(signedAs('X-Acme', `evt_${i}`))).status).toBe(401);
        s.advance(100);
      }
      // 50 s went by: one line.
      expect(s.logger.warn).toHaveBeenCalledTimes(1);
      s.advance(10 * SECOND);
      await s.send(signedAs('X-Acme'));
      expect(s.logger.warn).toHaveBeenCalledTimes(2);
      expect(s.logger.warn.mock.calls[1]?.[1]).toEqual({
        foundPrefix: 'X-Acme',
        expectedPrefix: 'X-Service',
        suppressedSinceLastWarning: 499,
      });
      // Another prefix has its own minute.
      await s.send(signedAs('X-Other'));
      expect(s.logger.warn).toHaveBeenCalledTimes(3);
      expect(s.logger.warn.mock.calls[2]?.[0]).toContain("set headerPrefix: 'X-Other'");
    });

    it('W38: made-up prefixes by the hundred: at most 32 remembered and logged a minute', async () => {
      const s = setup(PINNED);
      for (let i = 0; i < 300; i++) await s.send(signedAs(`X-Made-Up-${i}`));
      expect(s.logger.warn).toHaveBeenCalledTimes(32);
      s.advance(MINUTE);
      await s.send(signedAs('X-Acme'));
      expect(s.logger.warn).toHaveBeenCalledTimes(33);
      // Every answer still names its prefix, logged or not.
      const answer = await s.send(signedAs('X-Made-Up-299'));
      expect(answer.body.error.message).toContain("set headerPrefix: 'X-Made-Up-299'");
    });

    it('W38: an absurdly long prefix is not taken for one: plain answer, nothing logged', async () => {
      const s = setup(PINNED);
      const answer = await s.send(signedAs(`X-${'a'.repeat(500)}`));
      expect(answer.body.error.message).toBe('Missing signature');
      expect(s.logger.warn).not.toHaveBeenCalled();
    });

    it('W38: the log never holds the signature or the body', async () => {
      const s = setup(PINNED);
      const delivery = signedAs('X-Acme', 'evt_secretive');
      await s.send(delivery);
      s.advance(MINUTE);
      await s.send(delivery);
      const logged = JSON.stringify([...s.logger.warn.mock.calls, ...s.logger.error.mock.calls]);
      expect(s.logger.warn).toHaveBeenCalledTimes(2);
      expect(logged).not.toContain(sign(delivery.body));
      expect(logged).not.toContain('evt_secretive');
      expect(logged).not.toContain('ln_1');
    });

    it('W38: a logger that throws does not change the answer', async () => {
      const s = setup({
        ...PINNED,
        logger: {
          warn: () => {
            throw new Error('log sink down');
          },
          error: () => undefined,
        },
      });
      const answer = await s.send(signedAs('X-Acme'));
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toContain("set headerPrefix: 'X-Acme'");
    });
  });
});
