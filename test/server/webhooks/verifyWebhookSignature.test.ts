import * as vm from 'node:vm';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinNodeCrypto } from '../../../src/server/webhooks/builtinNodeCrypto.js';
import type { NodeHmacCrypto } from '../../../src/server/webhooks/createSignatureVerifier.js';
import { createSignatureVerifier } from '../../../src/server/webhooks/createSignatureVerifier.js';
import { verifyWebhookSignature } from '../../../src/server/webhooks/verifyWebhookSignature.js';
import {
  envelope,
  nodeCrypto,
  nodeCryptoSpies,
  SECRET,
  setup,
  sign,
  spyOnSignatureMacs,
} from './webhookHarness.js';

const BODY = '{"id":"evt_1","type":"loan.shopped","data":{"loanId":"ln_1"}}';
const GOOD = sign(BODY);
const encoder = new TextEncoder();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('verifyWebhookSignature', () => {
  it('W2: accepts the HMAC of the raw body as a string, bytes, a Buffer and an ArrayBuffer', async () => {
    const bytes = encoder.encode(BODY);
    expect(await verifyWebhookSignature(BODY, GOOD, SECRET)).toBe(true);
    expect(await verifyWebhookSignature(bytes, GOOD, SECRET)).toBe(true);
    expect(await verifyWebhookSignature(bytes.buffer, GOOD, SECRET)).toBe(true);
    // A pooled Buffer is a view into a larger ArrayBuffer: only its own bytes count.
    expect(await verifyWebhookSignature(Buffer.from(BODY), GOOD, SECRET)).toBe(true);
  });

  it('W4: a signature made with another secret, or an empty secret, is refused without throwing', async () => {
    expect(await verifyWebhookSignature(BODY, sign(BODY, 'another'), SECRET)).toBe(false);
    expect(await verifyWebhookSignature(BODY, GOOD, '')).toBe(false);
  });

  it.each([
    ['non-hex characters', `abXY${GOOD.slice(4)}`],
    ['63 characters', GOOD.slice(0, 63)],
    ['65 characters', `${GOOD}0`],
    ['odd length', GOOD.slice(0, 33)],
    ['a leading space', ` ${GOOD.slice(1)}`],
    ['a leading space before all 64', ` ${GOOD}`],
    ['a sha256= prefix', `sha256=${GOOD}`],
    ['non-ASCII of equal char length', `é${'a'.repeat(63)}`],
    ['an emoji of equal UTF-16 length', `😀${'a'.repeat(62)}`],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ])('W6: malformed hex (%s) gives false and never throws', async (_name, signature) => {
    await expect(verifyWebhookSignature(BODY, signature, SECRET)).resolves.toBe(false);
  });

  it('W6: the length check runs first: a wrong-length signature is never pattern-matched or keyed', async () => {
    const test = vi.spyOn(RegExp.prototype, 'test');
    const macs = spyOnSignatureMacs();
    const pending = verifyWebhookSignature(BODY, 'x'.repeat(1_000_000), SECRET);
    // The length check is synchronous, before the first await.
    const hexTests = test.mock.contexts.filter((re) => String(re).includes('0-9a-fA-F'));
    expect(hexTests).toHaveLength(0);
    expect(await pending).toBe(false);
    expect(macs.count()).toBe(0);
    // The same call with a right-length signature is keyed and MACed: the spies see it.
    await verifyWebhookSignature(BODY, GOOD, SECRET);
    expect(macs.count()).toBeGreaterThan(0);
  });

  it('W7: upper-case and mixed-case hex are accepted, because the decoded bytes are compared', async () => {
    expect(await verifyWebhookSignature(BODY, GOOD.toUpperCase(), SECRET)).toBe(true);
    const mixed = [...GOOD].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
    expect(await verifyWebhookSignature(BODY, mixed, SECRET)).toBe(true);
  });

  it('W8: verifies against the raw bytes: 0xFF, a UTF-8 BOM, \\u001b escapes and emoji', async () => {
    const json = encoder.encode('{"a":"\\u001b[31m","b":"🏠"}');
    const withFF = new Uint8Array([...json, 0xff]);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...json]);
    for (const bytes of [json, withFF, withBom]) {
      const signature = sign(bytes);
      expect(await verifyWebhookSignature(bytes, signature, SECRET)).toBe(true);
      // The same text re-encoded is different bytes (the BOM and 0xFF do not survive decoding).
      const reencoded = encoder.encode(new TextDecoder().decode(bytes));
      if (bytes !== json)
        expect(await verifyWebhookSignature(reencoded, signature, SECRET)).toBe(false);
    }
    // An escape and the character it stands for are different bytes, so different signatures.
    expect(await verifyWebhookSignature('{"b":"\\u00e9"}', sign('{"b":"é"}'), SECRET)).toBe(false);
  });

  it.each([
    ['a parsed object', { id: 'evt_1' }],
    ['null', null],
    ['a number', 42],
    ['a Uint16Array', new Uint16Array(4)],
  ])(
    'W9: refuses a body that is not the raw bytes (%s) with a TypeError naming the raw body',
    async (_name, body) => {
      const error = await verifyWebhookSignature(body as unknown as string, GOOD, SECRET).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toMatch(/raw request body/);
    },
  );

  it('W9: the handler refuses a request whose body a parser already read, with a log saying why', async () => {
    const s = setup();
    const request = new Request('https://lender.example/hooks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Signature-1': GOOD },
      body: BODY,
    });
    await request.json();
    const response = await s.handler(request);
    expect(response.status).toBe(500);
    expect(s.logger.error).toHaveBeenCalledWith(expect.stringMatching(/already read/));
    expect(s.writes()).toBe(0);
  });

  it("W10: on Node the MAC is node:crypto's, compared with timingSafeEqual on 32 bytes, right or wrong", async () => {
    const node = nodeCryptoSpies();
    const verify = createSignatureVerifier(node as unknown as NodeHmacCrypto);
    const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
    const wrong = `${GOOD.slice(0, 63)}${GOOD[63] === '0' ? '1' : '0'}`;
    expect(verify(BODY, GOOD, SECRET)).toBe(true);
    expect(verify(BODY, wrong, SECRET)).toBe(false);
    expect(node.createHmac).toHaveBeenCalledTimes(2);
    for (const [algorithm] of node.createHmac.mock.calls) expect(algorithm).toBe('sha256');
    expect(node.timingSafeEqual).toHaveBeenCalledTimes(2);
    for (const [mac, signature] of node.timingSafeEqual.mock.calls) {
      expect((mac as Uint8Array).byteLength).toBe(32);
      expect((signature as Uint8Array).byteLength).toBe(32);
    }
    // Node's way runs on this thread: no Web Crypto call, and the key is made once per secret.
    expect(subtleVerify).not.toHaveBeenCalled();
    expect(node.createSecretKey).toHaveBeenCalledTimes(1);
  });

  it('W10: on a runtime with node:crypto but no Buffer, the MACs are decoded without one, with the same answers', async () => {
    vi.stubGlobal('Buffer', undefined);
    try {
      const node = nodeCryptoSpies();
      const verify = createSignatureVerifier(node as unknown as NodeHmacCrypto);
      const wrong = `${GOOD.slice(0, 63)}${GOOD[63] === '0' ? '1' : '0'}`;
      expect(verify(BODY, GOOD, SECRET)).toBe(true);
      expect(verify(BODY, GOOD.toUpperCase(), SECRET)).toBe(true);
      expect(verify(BODY, wrong, SECRET)).toBe(false);
      expect(node.timingSafeEqual).toHaveBeenCalledTimes(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('W10: where node:crypto is missing, the comparison is crypto.subtle.verify on the 32 signature bytes', async () => {
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const sign_ = vi.spyOn(crypto.subtle, 'sign');
    const check = createSignatureVerifier(undefined);
    const wrong = `${GOOD.slice(0, 63)}${GOOD[63] === '0' ? '1' : '0'}`;
    expect(await check(BODY, GOOD, SECRET)).toBe(true);
    expect(await check(BODY, wrong, SECRET)).toBe(false);
    expect(verify).toHaveBeenCalledTimes(2);
    for (const [algorithm, key, signature, data] of verify.mock.calls) {
      expect(algorithm).toBe('HMAC');
      expect((key as CryptoKey).algorithm).toMatchObject({ name: 'HMAC' });
      expect((signature as Uint8Array).byteLength).toBe(32);
      expect(new TextDecoder().decode(data as Uint8Array)).toBe(BODY);
    }
    // No hex string is computed and compared with ===.
    expect(sign_).not.toHaveBeenCalled();
  });

  it('W10: verifyWebhookSignature takes node:crypto where the runtime offers it, else Web Crypto', async () => {
    const equal = vi.spyOn(nodeCrypto, 'timingSafeEqual');
    const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
    expect(await verifyWebhookSignature(BODY, GOOD, SECRET)).toBe(true);
    expect(equal).toHaveBeenCalledTimes(1);
    expect(subtleVerify).not.toHaveBeenCalled();
    // The lookup behind it: the runtime's own node:crypto, and nothing where it is not offered.
    expect(builtinNodeCrypto()).toBe(nodeCrypto);
    const getBuiltinModule = vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => {
      throw new Error('not here');
    });
    expect(builtinNodeCrypto()).toBeUndefined();
    getBuiltinModule.mockReturnValue({} as never);
    expect(builtinNodeCrypto()).toBeUndefined();
    // A module that has the functions but gives another MAC is not trusted either.
    const wrong = { ...nodeCrypto, createHmac: () => nodeCrypto.createHmac('sha256', 'other') };
    getBuiltinModule.mockReturnValue(wrong as never);
    expect(builtinNodeCrypto()).toBeUndefined();
    getBuiltinModule.mockReturnValue(nodeCrypto as never);
    expect(builtinNodeCrypto()).toBe(nodeCrypto);
  });
});

describe('W10: a receiver made where node:crypto is not offered (an edge runtime)', () => {
  it('W10: checks signatures and credentials with crypto.subtle, and answers as on Node', async () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    const s = setup({ basicAuth: { username: 'hook_user', password: 'hook_pass' } });
    const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
    const equal = vi.spyOn(nodeCrypto, 'timingSafeEqual');
    const Authorization = `Basic ${btoa('hook_user:hook_pass')}`;
    const event = JSON.stringify(envelope());
    expect((await s.send({ body: event, headers: { Authorization } })).status).toBe(200);
    const forged = await s.send({
      body: event,
      signature: sign(event, 'x'),
      headers: { Authorization },
    });
    expect(forged.status).toBe(401);
    // Credentials and signature, for each of the two deliveries.
    expect(subtleVerify).toHaveBeenCalledTimes(4);
    expect(equal).not.toHaveBeenCalled();
  });
});

describe('W41: both ways of checking (node:crypto and crypto.subtle) give the same answers', () => {
  const node = createSignatureVerifier(nodeCrypto);
  const subtle = createSignatureVerifier(undefined);
  const answers = async (body: unknown, signature: unknown, secret: unknown) => {
    const run = async (check: typeof node) => {
      try {
        return await check(body as string, signature as string, secret as string);
      } catch (error) {
        return error instanceof TypeError ? 'TypeError' : error;
      }
    };
    return [await run(node), await run(subtle)];
  };
  const bytes = encoder.encode(BODY);
  const pooled = Buffer.from(`xx${BODY}yy`).subarray(2, 2 + bytes.length);
  const realm = vm.runInNewContext('({ bytes: new Uint8Array(n), buffer: new ArrayBuffer(n) })', {
    n: bytes.length,
  }) as { bytes: Uint8Array; buffer: ArrayBuffer };
  realm.bytes.set(bytes);
  new Uint8Array(realm.buffer).set(bytes);
  const wrong = `${GOOD.slice(0, 63)}${GOOD[63] === '0' ? '1' : '0'}`;
  const mixed = [...GOOD].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');

  it.each([
    ['a string body', BODY, GOOD, SECRET, true],
    ['bytes', bytes, GOOD, SECRET, true],
    ['an ArrayBuffer', bytes.slice().buffer, GOOD, SECRET, true],
    ['a pooled Buffer view', pooled, GOOD, SECRET, true],
    ['bytes from another realm', realm.bytes, GOOD, SECRET, true],
    ['an ArrayBuffer from another realm', realm.buffer, GOOD, SECRET, true],
    ['upper-case hex', BODY, GOOD.toUpperCase(), SECRET, true],
    ['mixed-case hex', BODY, mixed, SECRET, true],
    ['one digit off', BODY, wrong, SECRET, false],
    ['another secret', BODY, sign(BODY, 'another'), SECRET, false],
    ['an empty secret', BODY, GOOD, '', false],
    ['a non-ASCII secret', BODY, sign(BODY, 'sécret 😀'), 'sécret 😀', true],
    ['a lone surrogate in the body', 'a\ud800b', sign('a\ud800b'), SECRET, true],
    ['an empty body', '', sign(''), SECRET, true],
    ['non-hex characters', BODY, `abXY${GOOD.slice(4)}`, SECRET, false],
    ['63 characters', BODY, GOOD.slice(0, 63), SECRET, false],
    ['65 characters', BODY, `${GOOD}0`, SECRET, false],
    ['non-ASCII of equal length', BODY, `é${'a'.repeat(63)}`, SECRET, false],
    ['a null signature', BODY, null, SECRET, false],
    ['a parsed object', { id: 'evt_1' }, GOOD, SECRET, 'TypeError'],
    ['a Uint16Array', new Uint16Array(4), GOOD, SECRET, 'TypeError'],
  ])('W41: %s', async (_name, body, signature, secret, expected) => {
    expect(await answers(body, signature, secret)).toEqual([expected, expected]);
  });

  it('W41: the same answer for any body, secret and signature, right or mutated', async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 1024 }),
        fc.string({ minLength: 1, maxLength: 32, unit: 'grapheme' }),
        fc.integer({ min: -1, max: 63 }),
        fc.boolean(),
        async (body, secret, mutateAt, upper) => {
          let signature = sign(body, secret);
          if (mutateAt >= 0) {
            const digit = signature[mutateAt] === 'a' ? 'b' : 'a';
            signature = `${signature.slice(0, mutateAt)}${digit}${signature.slice(mutateAt + 1)}`;
          }
          if (upper) signature = signature.toUpperCase();
          const [a, b] = await answers(body, signature, secret);
          return a === b && a === mutateAt < 0;
        },
      ),
      { seed, numRuns: 150 },
    );
  });
});

describe('W31: properties of the signature check', () => {
  // A failure's report names its seed; replay it with FC_SEED=<seed>.
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  const params = { seed, numRuns: 150 };

  const secret = fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' });
  const body = fc.uint8Array({ maxLength: 2048 });

  it('W31: verify(body, sign(body)) holds for any body and secret', async () => {
    await fc.assert(
      fc.asyncProperty(body, secret, async (b, k) => verifyWebhookSignature(b, sign(b, k), k)),
      params,
    );
  });

  it('W31: any single-byte mutation of the body is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        body.filter((b) => b.length > 0),
        secret,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (b, k, at, xor) => {
          const mutated = b.slice();
          const i = at % b.length;
          mutated[i] = (mutated[i] as number) ^ xor;
          return !(await verifyWebhookSignature(mutated, sign(b, k), k));
        },
      ),
      params,
    );
  });

  it('W31: any single-byte mutation of the signature is refused, in bytes or in hex digits', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        secret,
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 1, max: 255 }),
        fc.integer({ min: 0, max: 63 }),
        fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
        async (b, k, byteAt, xor, charAt, replacement) => {
          const good = sign(b, k);
          const bytes = Buffer.from(good, 'hex');
          bytes[byteAt] = (bytes[byteAt] as number) ^ xor;
          const byteMutated = bytes.toString('hex');
          // A different character, not merely the same digit in another case.
          const original = good[charAt] as string;
          const sameDigit = replacement.toLowerCase() === original;
          const charMutated = `${good.slice(0, charAt)}${replacement}${good.slice(charAt + 1)}`;
          const a = await verifyWebhookSignature(b, byteMutated, k);
          const c = sameDigit ? false : await verifyWebhookSignature(b, charMutated, k);
          return !a && !c;
        },
      ),
      params,
    );
  });

  it('W31: random header strings never throw, directly or through the handler', async () => {
    const s = setup();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100, unit: 'binary' }), async (header) => {
        await expect(verifyWebhookSignature('{}', header, SECRET)).resolves.toBe(false);
        // Headers can only carry visible ASCII, spaces and tabs (and Latin-1): keep to those.
        const value = header.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
        const response = await s.handler(
          new Request('https://lender.example/hooks', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Service-Signature-1': value },
            body: '{}',
          }),
        );
        return response.status === 401;
      }),
      params,
    );
    expect(s.writes()).toBe(0);
    expect(s.onEvent).not.toHaveBeenCalled();
  });
});
