/** A running HMAC of `node:crypto`. */
interface NodeHmac {
  update(data: Uint8Array): NodeHmac;
  update(data: string, encoding: 'utf8'): NodeHmac;
  digest(): Uint8Array;
  digest(encoding: 'hex'): string;
}

/**
 * The part of `node:crypto` the signature check uses where the runtime has it, written out so
 * that no Node type is needed to compile the server code.
 */
export interface NodeHmacCrypto {
  /** `key` is what `createSecretKey` made (a `KeyObject`, opaque here). */
  createHmac(algorithm: 'sha256', key: unknown): NodeHmac;
  createSecretKey(key: Uint8Array): unknown;
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/** A body as received: its bytes, or its text (checked as UTF-8). */
export type RawBody = ArrayBuffer | Uint8Array | string;

/**
 * Whether `signatureHex` is the HMAC-SHA256 of `body` under `secret` (see
 * `verifyWebhookSignature`); a boolean when the check ran synchronously. Throws a TypeError for a
 * body that is not raw bytes or text.
 */
export type SignatureVerifier = (
  body: RawBody,
  signatureHex: string | null | undefined,
  secret: string,
) => boolean | Promise<boolean>;

/** The MAC check alone, on a signature of 64 hex digits and a secret that is not empty. */
type MacCheck = (body: RawBody, signatureHex: string, secret: string) => boolean | Promise<boolean>;

const encoder = new TextEncoder();
const TAG = Object.prototype.toString;
const HEX_SIGNATURE = /^[0-9a-fA-F]{64}$/;
// A few secrets at most (the current one and those of a rotation); the oldest goes past the bound.
const KEYS_KEPT = 16;

// A Node Buffer is a Uint8Array; the tag check also admits bytes made in another realm (a VM
// context, a worker), where `instanceof` is false for perfectly good bytes.
function isBytes(value: unknown): value is Uint8Array | ArrayBuffer {
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return true;
  const tag = TAG.call(value);
  return tag === '[object Uint8Array]' || tag === '[object ArrayBuffer]';
}

function isArrayBuffer(body: RawBody): body is ArrayBuffer {
  return body instanceof ArrayBuffer || TAG.call(body) === '[object ArrayBuffer]';
}

/** The 32 bytes of a signature already checked to be 64 hex digits, of either case. */
function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) {
    const high = hex.charCodeAt(2 * i);
    const low = hex.charCodeAt(2 * i + 1);
    // '0'-'9' are 48-57; 'a'-'f' and 'A'-'F' (| 32 lowers the case) are 97-102.
    bytes[i] =
      ((high <= 57 ? high - 48 : (high | 32) - 87) << 4) | (low <= 57 ? low - 48 : (low | 32) - 87);
  }
  return bytes;
}

interface HexBuffer {
  from(text: string, encoding: 'hex'): Uint8Array;
}

/**
 * The 32 bytes of a hex MAC, as Node's `Buffer` decodes them where the runtime has one: a slice
 * of its shared pool costs less than a new `Uint8Array`, and less than the `Buffer` a digest
 * makes of its own. Elsewhere, `hexToBytes`.
 */
function hexDecoder(): (hex: string) => Uint8Array {
  const buffer = (globalThis as { Buffer?: HexBuffer }).Buffer;
  return typeof buffer?.from === 'function' ? (hex) => buffer.from(hex, 'hex') : hexToBytes;
}

/** A per-secret cache of keys, bounded; a failed (rejected) key is dropped for the next try. */
function keyCache<K>(make: (secret: string) => K): (secret: string) => K {
  const keys = new Map<string, K>();
  return (secret) => {
    let key = keys.get(secret);
    if (key === undefined) {
      key = make(secret);
      if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value as string);
      keys.set(secret, key);
      if (key instanceof Promise) {
        const made = key;
        made.catch(() => {
          if (keys.get(secret) === made) keys.delete(secret);
        });
      }
    }
    return key;
  };
}

/** `node:crypto`: an HMAC computed on this thread and compared with `timingSafeEqual`. */
function nodeCheck(node: NodeHmacCrypto): MacCheck {
  const keyOf = keyCache((secret) => node.createSecretKey(encoder.encode(secret)));
  const bytesOf = hexDecoder();
  return (body, signatureHex, secret) => {
    const hmac = node.createHmac('sha256', keyOf(secret));
    // No copy: the MAC is computed before this returns, so the bytes cannot change under it.
    if (typeof body === 'string') hmac.update(body, 'utf8');
    // Bytes (a Buffer) first: the common case, without the tag check an ArrayBuffer needs.
    else
      hmac.update(body instanceof Uint8Array || !isArrayBuffer(body) ? body : new Uint8Array(body));
    // Both sides as bytes decoded from hex: 32 each, compared in constant time.
    return node.timingSafeEqual(bytesOf(hmac.digest('hex')), bytesOf(signatureHex));
  };
}

// Always a copy of exactly the given bytes: the check is asynchronous, and a Buffer may be a view
// into a larger shared pool.
function copyOf(body: RawBody): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return encoder.encode(body);
  return isArrayBuffer(body) ? new Uint8Array(body.slice(0)) : new Uint8Array(body);
}

/** Web Crypto: `crypto.subtle.verify`, which compares in constant time, with a key per secret. */
function subtleCheck(): MacCheck {
  // Importing the key costs as much as verifying: each secret's key is imported once.
  const keyOf = keyCache((secret) =>
    crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    ),
  );
  return async (body, signatureHex, secret) =>
    crypto.subtle.verify('HMAC', await keyOf(secret), hexToBytes(signatureHex), copyOf(body));
}

/**
 * The HMAC-SHA256 check of a webhook signature, constant-time in both forms: with `node:crypto`
 * (`createHmac` and `timingSafeEqual`, on the calling thread) when it is given, else with
 * `crypto.subtle.verify`, which every runtime has but which costs a promise and a hop to
 * another thread per call. Both give the same answer for every input.
 */
export function createSignatureVerifier(node: NodeHmacCrypto | undefined): SignatureVerifier {
  const check = node === undefined ? subtleCheck() : nodeCheck(node);
  return (body, signatureHex, secret) => {
    if (typeof body !== 'string' && !isBytes(body)) {
      // The typical cause is a JSON body parser that ran first; its output can never be verified.
      throw new TypeError(
        'verifyWebhookSignature needs the raw request body (ArrayBuffer, Uint8Array or string), not a parsed object: read it with request.arrayBuffer() before any JSON parsing',
      );
    }
    // Length first: the cheapest check, and it bounds the regex and decoding work on junk input.
    if (typeof signatureHex !== 'string' || signatureHex.length !== 64) return false;
    if (!HEX_SIGNATURE.test(signatureHex)) return false;
    // Web Crypto refuses zero-length HMAC keys; an unset secret must fail closed, not throw.
    if (typeof secret !== 'string' || secret === '') return false;
    return check(body, signatureHex, secret);
  };
}
