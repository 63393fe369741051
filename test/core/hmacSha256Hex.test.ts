import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BytesLike } from '../../src/core/index.js';
import { hmacSha256Hex } from '../../src/core/index.js';

const node = (secret: BytesLike, message: BytesLike) => {
  const bytes = (b: BytesLike) =>
    typeof b === 'string' ? Buffer.from(b, 'utf8') : Buffer.from(new Uint8Array(b as ArrayBuffer));
  // for a Uint8Array view, copy exactly its bytes
  const view = (b: BytesLike) =>
    b instanceof Uint8Array ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : bytes(b);
  return createHmac('sha256', view(secret)).update(view(message)).digest('hex');
};

const enc = new TextEncoder();

describe('hmacSha256Hex', () => {
  it('matches the RFC 4231 test case 2 vector', async () => {
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('returns 64 lowercase hex characters', async () => {
    expect(await hmacSha256Hex('k', 'm')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['an empty message', 'secret', ''],
    ['ASCII JSON', 'whsec_123', '{"id":"e1","type":"loan.shopped"}'],
    ['an emoji', 'secret', 'quote 🏠 ok'],
    ['a BOM at the start', 'secret', '\uFEFF{"a":1}'],
    ['escape sequences', 'secret', '{"a":"\\u001b[31m"}'],
    ['non-ASCII in the secret', 'sécret🔑', 'body'],
    ['a secret longer than the block size', 's'.repeat(200), 'body'],
  ])('equals node:crypto for strings: %s', async (_label, secret, message) => {
    expect(await hmacSha256Hex(secret, message)).toBe(node(secret, message));
  });

  it.each([
    ['0xFF bytes', new Uint8Array([0xff, 0xfe, 0x00, 0xff])],
    ['a UTF-8 BOM', new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])],
    ['an emoji (UTF-8)', enc.encode('🏠')],
    ['invalid UTF-8 (lone continuation byte)', new Uint8Array([0x80, 0x41])],
  ])('W8: equals node:crypto for a Uint8Array with %s', async (_label, bytes) => {
    expect(await hmacSha256Hex('secret', bytes)).toBe(node('secret', bytes));
    expect(await hmacSha256Hex(bytes, 'message')).toBe(node(bytes, 'message'));
  });

  it('equals node:crypto for an empty Uint8Array message', async () => {
    expect(await hmacSha256Hex('secret', new Uint8Array(0))).toBe(node('secret', ''));
  });

  // Web Crypto refuses zero-length HMAC keys (DataError) where node:crypto would sign with one:
  // an unset secret fails loudly instead of producing a valid-looking signature.
  it.each([
    ['the empty string', ''],
    ['an empty Uint8Array', new Uint8Array(0)],
  ])('rejects %s as the secret', async (_label, secret) => {
    await expect(hmacSha256Hex(secret, 'body')).rejects.toThrow(/Zero-length key/);
  });

  it('W8: raw bytes with 0xFF differ from their lossy UTF-8 decoding', async () => {
    const raw = new Uint8Array([0x7b, 0xff, 0x7d]);
    const decoded = new TextDecoder().decode(raw); // U+FFFD replaces 0xFF
    expect(await hmacSha256Hex('s', raw)).not.toBe(await hmacSha256Hex('s', decoded));
  });

  it('equals node:crypto for an ArrayBuffer', async () => {
    const ab = new Uint8Array([1, 2, 3, 0xff]).buffer;
    expect(await hmacSha256Hex('secret', ab)).toBe(node('secret', new Uint8Array(ab)));
    expect(await hmacSha256Hex(ab, 'm')).toBe(node(new Uint8Array(ab), 'm'));
  });

  it('uses only the bytes of a Uint8Array view (subarray with an offset)', async () => {
    const whole = new Uint8Array([9, 9, 1, 2, 3, 9, 9]);
    const view = whole.subarray(2, 5);
    expect(await hmacSha256Hex('secret', view)).toBe(node('secret', new Uint8Array([1, 2, 3])));
  });

  it('does not alter the caller bytes', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    await hmacSha256Hex(bytes, bytes);
    expect([...bytes]).toEqual([1, 2, 3]);
  });

  // A Node Buffer is a Uint8Array, so it is a BytesLike; small Buffers share one pooled
  // ArrayBuffer at a non-zero byteOffset. Buffer#slice() returns a view, not a copy, so
  // `value.slice().buffer` is the whole 8 KiB pool.
  it('W8: equals node:crypto for a Node Buffer (pooled, non-zero byteOffset)', async () => {
    const body = Buffer.from('{"id":"e1","type":"loan.shopped"}');
    const secret = Buffer.from('whsec_123');
    expect(await hmacSha256Hex('whsec_123', body)).toBe(
      createHmac('sha256', 'whsec_123').update(body).digest('hex'),
    );
    expect(await hmacSha256Hex(secret, 'x')).toBe(
      createHmac('sha256', 'whsec_123').update('x').digest('hex'),
    );
  });

  it('W31: equals node:crypto for any secret and message (strings and bytes)', async () => {
    const nonEmpty = (b: BytesLike) => (typeof b === 'string' ? b.length > 0 : b.byteLength > 0);
    const bytesLike = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.uint8Array({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }).map((u) => u.slice().buffer),
      fc
        .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat(), fc.nat())
        .map(([u, a, b]) => {
          const start = a % u.length;
          return u.subarray(start, start + (b % (u.length - start + 1)));
        }),
    );
    await fc.assert(
      fc.asyncProperty(bytesLike.filter(nonEmpty), bytesLike, async (secret, message) => {
        expect(await hmacSha256Hex(secret, message)).toBe(node(secret, message));
      }),
      { numRuns: 100 },
    );
  });
});
