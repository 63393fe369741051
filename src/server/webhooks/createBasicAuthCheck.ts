import { builtinNodeCrypto } from './builtinNodeCrypto.js';
import type { NodeHmacCrypto } from './createSignatureVerifier.js';

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

/** The check with `node:crypto`: the same MACs, computed on this thread, compared by `timingSafeEqual`. */
function nodeCheck(
  node: NodeHmacCrypto,
  expectedBytes: Uint8Array,
): (presented: Uint8Array) => boolean {
  const key = node.createSecretKey(crypto.getRandomValues(new Uint8Array(32)));
  const expected = node.createHmac('sha256', key).update(expectedBytes).digest();
  return (presented) =>
    node.timingSafeEqual(node.createHmac('sha256', key).update(presented).digest(), expected);
}

/**
 * A check of an `Authorization` header against fixed basic-auth credentials, in constant time:
 * the presented `user:pass` bytes are MACed under a random per-process key and compared with the
 * MAC of the expected ones, so neither the content nor the length of the registered credentials
 * leaks through timing. On Node (where `process.getBuiltinModule` offers `node:crypto`) the MACs
 * are `createHmac`'s, compared by `timingSafeEqual`; elsewhere `crypto.subtle.verify` compares.
 * `node` is for tests: `null` takes the Web Crypto way.
 */
export function createBasicAuthCheck(
  credentials: BasicAuthCredentials,
  node: NodeHmacCrypto | null = builtinNodeCrypto() ?? null,
): (authorization: string | null) => Promise<boolean> {
  const { username, password } = credentials;
  if (typeof username !== 'string' || username === '' || username.includes(':')) {
    throw new TypeError('basicAuth.username must be a non-empty string without ":"');
  }
  if (typeof password !== 'string') throw new TypeError('basicAuth.password must be a string');
  const parse = (authorization: string | null) => {
    const encoded = authorization === null ? undefined : BASIC.exec(authorization.trim())?.[1];
    return encoded === undefined ? null : decodeBase64(encoded);
  };
  if (node !== null) {
    const matches = nodeCheck(node, encoder.encode(`${username}:${password}`));
    return async (authorization) => {
      const presented = parse(authorization);
      return presented !== null && matches(presented);
    };
  }
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
    const presented = parse(authorization);
    if (presented === null) return false;
    const { key, expected } = await ready;
    return crypto.subtle.verify('HMAC', key, expected, presented);
  };
}
