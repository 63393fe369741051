import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import {
  basic,
  CREDENTIALS,
  envelope,
  MINUTE,
  NOW,
  SECOND,
  SECRET,
  setup,
  sign,
  spyOnSignatureMacs,
} from './webhookHarness.js';

// At the default `headerPrefix: 'auto'` a delivery may be signed under any vendor prefix
// (the production service writes X-<Vendor>-Signature-1): the one X-*-Signature-1 header it
// carries is verified, and the HMAC, not the header's name, decides.

const BODY = JSON.stringify(envelope());

/** A delivery carrying only the given headers (no X-Service-Signature-1 of the harness). */
const under = (headers: Record<string, string>, body = BODY) => ({
  body,
  signature: null,
  headers,
});

const acmeLine = (prefix: string) =>
  `webhook: deliveries are signed under ${prefix} (${prefix}-Signature-1, headerPrefix 'auto'); set headerPrefix: '${prefix}' (WEBHOOK_HEADER_PREFIX) to pin it`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("W42: at the defaults (headerPrefix 'auto'), any vendor prefix", () => {
  it('W42: at the defaults, a delivery signed under X-Acme-Signature-1 is accepted, relayed and handed to onEvent with its unsigned headers', async () => {
    const s = setup();
    const answer = await s.send(
      under({
        'X-Acme-Signature-1': sign(BODY),
        'X-Acme-Partner-Id': 'partner_a',
        'X-Acme-External-Id': 'CRM-7',
      }),
    );
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    expect(s.onEvent).toHaveBeenCalledTimes(1);
    expect(s.onEvent).toHaveBeenCalledWith(envelope(), {
      loanId: 'ln_1',
      headers: { prefix: 'X-Acme', partnerId: 'partner_a', externalId: 'CRM-7' },
    });
    expect((await s.relay.read('ln_1', null)).map((r) => r.event.id)).toEqual(['evt_1']);
    expect(await s.store.get('lir:webhook:evt_1')).toBe('done');
    expect(s.relay.webhookHealth?.snapshot()).toMatchObject({ acceptedCount: 1, refusedCount: 0 });
    expect(s.logger.warn).not.toHaveBeenCalled();
    expect(s.logger.error).not.toHaveBeenCalled();
  });

  it.each([
    ['lower case', 'x-acme-signature-1'],
    ['upper case', 'X-ACME-SIGNATURE-1'],
    ['mixed case', 'x-AcMe-SiGnAtUrE-1'],
  ])(
    'W42: the header is found whatever its case (%s), and its prefix given capitalized',
    async (_name, header) => {
      const s = setup();
      expect((await s.send(under({ [header]: sign(BODY) }))).status).toBe(200);
      expect(s.onEvent.mock.calls[0]?.[1].headers.prefix).toBe('X-Acme');
    },
  );

  it.each([
    ['the specification', 'X-Service'],
    ['a vendor with digits, dots and underscores', 'X-Acme_2.0'],
    ['a one-letter vendor', 'X-A'],
  ])('W42: %s prefix (%s) is accepted too', async (_name, prefix) => {
    const s = setup();
    expect((await s.send(under({ [`${prefix}-Signature-1`]: sign(BODY) }))).status).toBe(200);
  });

  it('W42: the name proves nothing: a signature under any prefix that does not verify is refused 401 Invalid signature, nothing processed', async () => {
    const s = setup();
    const answer = await s.send(under({ 'X-Acme-Signature-1': sign(BODY, 'attacker') }));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid signature' } });
    expect(s.writes()).toBe(0);
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(s.logger.info).not.toHaveBeenCalled();
  });

  it('W42: during a rotation, a signature under a vendor prefix is checked against each configured secret', async () => {
    const s = setup({ secret: ['whsec_new_0123456789', SECRET] });
    expect((await s.send(under({ 'X-Acme-Signature-1': sign(BODY) }))).status).toBe(200);
  });

  it("W42: 'auto' may be given explicitly, in any case; other values are still checked", async () => {
    for (const headerPrefix of ['auto', 'AUTO', 'Auto']) {
      const s = setup({ headerPrefix });
      expect((await s.send(under({ 'X-Acme-Signature-1': sign(BODY) }))).status).toBe(200);
    }
    expect(() => createWebhookHandler({ secret: SECRET, headerPrefix: 'auto-' })).toThrow(
      /^headerPrefix must not end with "-"/,
    );
    expect(() => createWebhookHandler({ secret: SECRET, headerPrefix: '' })).toThrow(
      /^headerPrefix must be a header name/,
    );
  });
});

describe('W43: several signature headers', () => {
  it.each([
    ['one verifies and one does not', sign(BODY), sign(BODY, 'attacker')],
    ['neither verifies', 'ab'.repeat(32), 'cd'.repeat(32)],
    ['the same hex in another case', sign(BODY), sign(BODY).toUpperCase()],
  ])(
    'W43: two that disagree (%s) are refused 401 conflicting_signatures before any HMAC; nothing recorded, relayed or handed on',
    async (_name, first, second) => {
      const s = setup();
      const macs = spyOnSignatureMacs();
      const answer = await s.send(
        under({ 'X-Acme-Signature-1': first, 'X-Service-Signature-1': second }),
      );
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: {
          code: 'conflicting_signatures',
          message:
            'Conflicting signatures: the delivery carries several X-*-Signature-1 headers with different values',
        },
      });
      expect(macs.count()).toBe(0);
      expect(s.writes()).toBe(0);
      expect(s.onEvent).not.toHaveBeenCalled();
      expect(await s.relay.read('ln_1', null)).toEqual([]);
      expect(s.logger.info).not.toHaveBeenCalled();
    },
  );

  it('W43: the refusal is kept for the BFF and logged once a minute, naming what to check', async () => {
    const s = setup();
    const conflicting = under({
      'X-Acme-Signature-1': sign(BODY),
      'X-Proxy-Signature-1': 'ab'.repeat(32),
    });
    for (let i = 0; i < 20; i++) {
      await s.send(conflicting);
      s.advance(SECOND);
    }
    expect(s.logger.error.mock.calls).toEqual([
      [
        "webhook: a delivery carried several X-*-Signature-1 headers with different values and was refused with 401: with `headerPrefix` 'auto' a delivery must carry one signature. If every delivery fails, something between the service and the receiver (a proxy) adds a signature header: remove it, or set `headerPrefix` (WEBHOOK_HEADER_PREFIX) to the prefix the service signs with, so that only its header is read.",
        { status: 401 },
      ],
    ]);
    expect(s.relay.webhookHealth?.snapshot()).toMatchObject({
      lastRefused: {
        at: NOW + 19 * SECOND,
        reason: 'several X-*-Signature-1 headers with different values',
        fix: "check what adds a signature header between the service and the receiver, or pin `headerPrefix` (WEBHOOK_HEADER_PREFIX) to the service's prefix",
      },
      refusedCount: 20,
    });
    // The genuine delivery, alone, still goes through.
    expect((await s.send(under({ 'X-Acme-Signature-1': sign(BODY) }))).status).toBe(200);
  });

  it('W43: copies with the same value are one signature, read under the first prefix by name', async () => {
    const s = setup();
    const signature = sign(BODY);
    const answer = await s.send(
      under({
        'X-Service-Signature-1': signature,
        'X-Acme-Signature-1': signature,
        'X-Acme-Partner-Id': 'partner_a',
        'X-Service-Partner-Id': 'partner_other',
      }),
    );
    expect(answer.status).toBe(200);
    expect(s.onEvent.mock.calls[0]?.[1].headers).toEqual({
      prefix: 'X-Acme',
      partnerId: 'partner_a',
      externalId: null,
    });
  });

  it('W43: copies with the same value that do not verify are refused Invalid signature', async () => {
    const s = setup();
    const forged = sign(BODY, 'attacker');
    const answer = await s.send(
      under({ 'X-Acme-Signature-1': forged, 'X-Service-Signature-1': forged }),
    );
    expect(answer.body.error).toEqual({ code: 'unauthorized', message: 'Invalid signature' });
  });
});

describe('W44: the partner and external id headers, under the signature prefix only', () => {
  it('W44: a signature under X-Acme with the id headers under X-Service: they are read as absent', async () => {
    const s = setup();
    const answer = await s.send(
      under({
        'X-Acme-Signature-1': sign(BODY),
        'X-Service-Partner-Id': 'partner_a',
        'X-Service-External-Id': 'CRM-7',
      }),
    );
    expect(answer.status).toBe(200);
    expect(s.onEvent.mock.calls[0]?.[1].headers).toEqual({
      prefix: 'X-Acme',
      partnerId: null,
      externalId: null,
    });
  });

  it('W44: empty id headers are absent', async () => {
    const s = setup();
    await s.send(under({ 'X-Acme-Signature-1': sign(BODY), 'X-Acme-Partner-Id': '' }));
    expect(s.onEvent.mock.calls[0]?.[1].headers.partnerId).toBeNull();
  });

  it("W44: they are never trusted: the signed body's partner and external id route the event", async () => {
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
    const answer = await s.send(
      under(
        {
          'X-Acme-Signature-1': sign(body),
          'X-Acme-Partner-Id': 'partner_other',
          'X-Acme-External-Id': 'EXT-OTHER',
        },
        body,
      ),
    );
    expect(answer.status).toBe(200);
    expect(await s.relay.read('ln_other', null)).toEqual([]);
    expect(await s.relay.read('ln_mine', null)).toHaveLength(1);
    const [event, context] = s.onEvent.mock.calls[0] ?? [];
    expect(event?.data.partnerId).toBe('partner_a');
    expect(context).toEqual({
      loanId: 'ln_mine',
      headers: { prefix: 'X-Acme', partnerId: 'partner_other', externalId: 'EXT-OTHER' },
    });
  });

  it('W44: a pinned prefix reads them under that prefix', async () => {
    const s = setup({ headerPrefix: 'X-Acme' });
    await s.send(
      under({
        'X-Acme-Signature-1': sign(BODY),
        'X-Acme-Partner-Id': 'partner_a',
        'X-Service-Partner-Id': 'partner_other',
      }),
    );
    expect(s.onEvent.mock.calls[0]?.[1].headers).toEqual({
      prefix: 'X-Acme',
      partnerId: 'partner_a',
      externalId: null,
    });
  });

  it("W44: an unsigned delivery (allowUnsigned with basic auth) names no prefix under 'auto'", async () => {
    const s = setup({ basicAuth: CREDENTIALS, allowUnsigned: true });
    const answer = await s.send(
      under({ Authorization: basic('hook_user', 'hook_pass'), 'X-Acme-Partner-Id': 'partner_a' }),
    );
    expect(answer.status).toBe(200);
    expect(s.onEvent.mock.calls[0]?.[1].headers).toEqual({
      prefix: null,
      partnerId: null,
      externalId: null,
    });
  });

  it('W44: log lines about a delivery name its prefix and its partner id, marked unsigned; never its external id', async () => {
    const s = setup();
    const body = JSON.stringify(envelope({ type: 'loan.future_thing' }));
    await s.send(
      under(
        {
          'X-Acme-Signature-1': sign(body),
          'X-Acme-Partner-Id': 'partner_a',
          'X-Acme-External-Id': 'CRM-PRIVATE-7',
        },
        body,
      ),
    );
    expect(s.logger.warn).toHaveBeenCalledWith(
      'webhook: ignored an event of an undocumented type',
      {
        eventId: 'evt_1',
        type: 'loan.future_thing',
        headerPrefix: 'X-Acme',
        unsignedPartnerId: 'partner_a',
      },
    );
    s.onEvent.mockRejectedValueOnce(new Error('database down'));
    const failing = JSON.stringify(envelope({ id: 'evt_2' }));
    await s.send(
      under(
        {
          'X-Acme-Signature-1': sign(failing),
          'X-Acme-Partner-Id': 'partner_a',
          'X-Acme-External-Id': 'CRM-PRIVATE-7',
        },
        failing,
      ),
    );
    expect(s.logger.error).toHaveBeenCalledWith(
      'webhook: processing failed; the claim is released for a retry',
      expect.objectContaining({ headerPrefix: 'X-Acme', unsignedPartnerId: 'partner_a' }),
    );
    expect(JSON.stringify([s.logger.warn.mock.calls, s.logger.error.mock.calls])).not.toContain(
      'CRM-PRIVATE-7',
    );
  });
});

describe('W45: the prefix seen is logged once', () => {
  it('W45: many deliveries under X-Acme make one info line; another prefix has its own', async () => {
    const s = setup();
    for (let i = 0; i < 50; i++) {
      const body = JSON.stringify(envelope({ id: `evt_${i}` }));
      expect((await s.send(under({ 'X-Acme-Signature-1': sign(body) }, body))).status).toBe(200);
      s.advance(MINUTE);
    }
    expect(s.logger.info.mock.calls).toEqual([[acmeLine('X-Acme'), { prefix: 'X-Acme' }]]);
    const body = JSON.stringify(envelope({ id: 'evt_service' }));
    await s.send(under({ 'x-service-signature-1': sign(body) }, body));
    expect(s.logger.info.mock.calls[1]).toEqual([acmeLine('X-Service'), { prefix: 'X-Service' }]);
    expect(s.logger.warn).not.toHaveBeenCalled();
  });

  it('W45: only verified deliveries are logged: forged ones under made-up prefixes leave no line and take no room', async () => {
    const s = setup();
    for (let i = 0; i < 100; i++) {
      await s.send(under({ [`X-Forged-${i}-Signature-1`]: sign(BODY, 'attacker') }));
    }
    expect(s.logger.info).not.toHaveBeenCalled();
    expect((await s.send(under({ 'X-Acme-Signature-1': sign(BODY) }))).status).toBe(200);
    expect(s.logger.info).toHaveBeenCalledTimes(1);
  });

  it('W45: at most 32 prefixes are remembered and logged; deliveries under more are still accepted', async () => {
    const s = setup();
    for (let i = 0; i < 40; i++) {
      const body = JSON.stringify(envelope({ id: `evt_${i}` }));
      const answer = await s.send(under({ [`X-Vendor-${i}-Signature-1`]: sign(body) }, body));
      expect(answer.status).toBe(200);
    }
    expect(s.logger.info).toHaveBeenCalledTimes(32);
    const body = JSON.stringify(envelope({ id: 'evt_again' }));
    await s.send(under({ 'X-Vendor-39-Signature-1': sign(body) }, body));
    expect(s.logger.info).toHaveBeenCalledTimes(32);
    expect(s.onEvent.mock.calls.at(-1)?.[1].headers.prefix).toBe('X-Vendor-39');
  });

  it('W45: a logger without info says it as a warning; one that throws does not change the answer', async () => {
    const warn = vi.fn();
    const quiet = setup({ logger: { warn, error: vi.fn() } });
    await quiet.send(under({ 'X-Acme-Signature-1': sign(BODY) }));
    expect(warn).toHaveBeenCalledWith(acmeLine('X-Acme'), { prefix: 'X-Acme' });

    const throwing = setup({
      logger: {
        info: () => {
          throw new Error('log sink down');
        },
        warn: vi.fn(),
        error: vi.fn(),
      },
    });
    const answer = await throwing.send(under({ 'X-Acme-Signature-1': sign(BODY) }));
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
  });

  it('W45: a pinned prefix logs nothing of the kind', async () => {
    const s = setup({ headerPrefix: 'X-Acme' });
    await s.send(under({ 'X-Acme-Signature-1': sign(BODY) }));
    expect(s.logger.info).not.toHaveBeenCalled();
  });

  it('W45: a self-check delivery proves the setup without being logged as the service', async () => {
    const s = setup();
    const body = JSON.stringify(envelope({ type: 'lir.webhook.test', objectType: 'webhook' }));
    const answer = await s.send(under({ 'X-Service-Signature-1': sign(body) }, body));
    expect(answer.body).toEqual({ received: true, test: true });
    expect(s.logger.info).not.toHaveBeenCalled();
  });
});

describe('W46: an explicit headerPrefix still pins', () => {
  it("W46: pinned to X-Service, a delivery signed under X-Acme is refused 401 with the prefix to set, as before 'auto'", async () => {
    const s = setup({ headerPrefix: 'X-Service' });
    const answer = await s.send(under({ 'X-Acme-Signature-1': sign(BODY) }));
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toBe(
      "Missing signature: the delivery is signed in X-Acme-Signature-1 but this receiver expects X-Service-Signature-1; set headerPrefix: 'X-Acme'",
    );
    expect(s.writes()).toBe(0);
  });

  it('W46: pinned, only its own header is read: another one beside it, agreeing or not, changes nothing', async () => {
    const s = setup({ headerPrefix: 'X-Acme' });
    const answer = await s.send(
      under({ 'X-Acme-Signature-1': sign(BODY), 'X-Service-Signature-1': 'ab'.repeat(32) }),
    );
    expect(answer.status).toBe(200);
    const forged = await s.send(
      under({ 'X-Acme-Signature-1': 'ab'.repeat(32), 'X-Service-Signature-1': sign(BODY) }),
    );
    expect(forged.body.error).toEqual({ code: 'unauthorized', message: 'Invalid signature' });
  });
});

describe('W47: no usable signature header at the defaults', () => {
  it.each([
    ['none at all', {}],
    ['only an empty one', { 'X-Acme-Signature-1': '' }],
    ['only empty ones', { 'X-Acme-Signature-1': '', 'X-Service-Signature-1': '' }],
    ['one whose prefix is absurdly long', { [`X-${'a'.repeat(500)}-Signature-1`]: sign(BODY) }],
    [
      'one not of the X-*-Signature-1 form',
      { 'X-Signature': sign(BODY), 'Signature-1': sign(BODY) },
    ],
  ])(
    'W47: %s: refused 401 Missing signature, nothing processed',
    async (_name, headers: Record<string, string>) => {
      const s = setup();
      const answer = await s.send(under(headers));
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: { code: 'unauthorized', message: 'Missing signature' },
      });
      expect(s.writes()).toBe(0);
      expect(s.relay.webhookHealth?.snapshot().lastRefused?.reason).toBe(
        'no X-*-Signature-1 header',
      );
    },
  );

  it('W47: an empty one beside a valid one does not count: the delivery is accepted', async () => {
    const s = setup();
    const answer = await s.send(
      under({ 'X-Acme-Signature-1': sign(BODY), 'X-Service-Signature-1': '' }),
    );
    expect(answer.status).toBe(200);
    expect(s.onEvent.mock.calls[0]?.[1].headers.prefix).toBe('X-Acme');
  });
});
