const encoder = new TextEncoder();
const BASIC = /^Basic +([A-Za-z0-9+/]+={0,2})$/i;

/** Registered basic-auth credentials of the webhook receiver. */
export interface BasicAuthCredentials {
  username: string;
  password: string;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/**
 * A check of an `Authorization` header against fixed basic-auth credentials, in constant time:
 * the presented `user:pass` bytes are MACed under a random per-process key and compared with the
 * MAC of the expected ones by `crypto.subtle.verify`, so neither the content nor the length of
 * the registered credentials leaks through timing.
 */
export function createBasicAuthCheck(
  credentials: BasicAuthCredentials,
): (authorization: string | null) => Promise<boolean> {
  const { username, password } = credentials;
  if (typeof username !== 'string' || username === '' || username.includes(':')) {
    throw new TypeError('basicAuth.username must be a non-empty string without ":"');
  }
  if (typeof password !== 'string') throw new TypeError('basicAuth.password must be a string');
  const ready = (async () => {
    const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    const expected = await crypto.subtle.sign(
      'HMAC',
      key,
      encoder.encode(`${username}:${password}`),
    );
    return { key, expected };
  })();
  // Observed now so a failure surfaces at the first check, never as an unhandled rejection.
  ready.catch(() => undefined);

  return async (authorization) => {
    const encoded = authorization === null ? undefined : BASIC.exec(authorization.trim())?.[1];
    const presented = encoded === undefined ? null : decodeBase64(encoded);
    if (presented === null) return false;
    const { key, expected } = await ready;
    return crypto.subtle.verify('HMAC', key, expected, presented);
  };
}
