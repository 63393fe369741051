const encoder = new TextEncoder();
const HEX_SIGNATURE = /^[0-9a-fA-F]{64}$/;
const TAG = Object.prototype.toString;

// A Node Buffer is a Uint8Array; the tag check also admits bytes made in another realm (a VM
// context, a worker), where `instanceof` is false for perfectly good bytes.
function isBytes(value: unknown): value is Uint8Array | ArrayBuffer {
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return true;
  const tag = TAG.call(value);
  return tag === '[object Uint8Array]' || tag === '[object ArrayBuffer]';
}

// Always a copy of exactly the given bytes: a Buffer may be a view into a larger shared pool.
function toBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof ArrayBuffer || TAG.call(body) === '[object ArrayBuffer]'
    ? new Uint8Array((body as ArrayBuffer).slice(0))
    : new Uint8Array(body as Uint8Array);
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

// Importing the key costs as much as verifying: each secret's key is imported once. A few
// secrets at most (the current one and those of a rotation); the oldest goes past the bound.
const keys = new Map<string, Promise<CryptoKey>>();
const KEYS_KEPT = 16;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    // A failed import is not kept: the next delivery tries again.
    const imported = key;
    imported.catch(() => {
      if (keys.get(secret) === imported) keys.delete(secret);
    });
    if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value as string);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Whether `signatureHex` is the HMAC-SHA256 of the raw webhook body keyed with the client
 * secret (the `X-Service-Signature-1` scheme). Never throws for a bad signature or secret: a
 * missing, malformed, wrong-length or non-ASCII signature and an empty secret all give `false`.
 *
 * The signature is decoded to its 32 bytes and checked with `crypto.subtle.verify`, which
 * compares in constant time; because bytes are compared, upper-case hex is accepted too.
 *
 * Pass the body exactly as received (`await request.arrayBuffer()`, a Buffer, or the text):
 * re-serializing parsed JSON changes the bytes, so an object is refused with a TypeError.
 *
 * @example
 * const raw = await request.arrayBuffer();
 * const ok = await verifyWebhookSignature(raw, request.headers.get('X-Service-Signature-1'), secret);
 * if (!ok) return new Response(null, { status: 401 });
 */
export async function verifyWebhookSignature(
  rawBody: ArrayBuffer | Uint8Array | string,
  signatureHex: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (typeof rawBody !== 'string' && !isBytes(rawBody)) {
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
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    hexToBytes(signatureHex),
    toBytes(rawBody),
  );
}
