const encoder = new TextEncoder();

/** Bytes of a string (UTF-8) or the bytes themselves. */
export type BytesLike = string | Uint8Array | ArrayBuffer;

function toBytes(value: BytesLike): Uint8Array<ArrayBuffer> {
  if (typeof value === 'string') return encoder.encode(value);
  // Always a copy of exactly these bytes: a Node Buffer is a view into a larger shared pool.
  return value instanceof ArrayBuffer ? new Uint8Array(value.slice(0)) : new Uint8Array(value);
}

/**
 * Lowercase hex HMAC-SHA256 of `message` keyed with `secret`, with Web Crypto (`crypto.subtle`),
 * so it runs in Node 20+, edge runtimes and browsers alike. This is the webhook signature scheme.
 */
export async function hmacSha256Hex(secret: BytesLike, message: BytesLike): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    toBytes(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, toBytes(message)));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
