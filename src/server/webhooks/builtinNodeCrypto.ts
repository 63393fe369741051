import type { NodeHmacCrypto } from './createSignatureVerifier.js';

interface BuiltinModules {
  getBuiltinModule?: (id: string) => unknown;
}

const encoder = new TextEncoder();
// RFC 4231-style known answer: HMAC-SHA256 under "key" of the pangram.
const MESSAGE = 'The quick brown fox jumps over the lazy dog';
const EXPECTED = 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Whether the functions give the known answer, from bytes and from text, and compare bytes. */
function answersRight(node: NodeHmacCrypto): boolean {
  const key = node.createSecretKey(encoder.encode('key'));
  const fromBytes = node.createHmac('sha256', key).update(encoder.encode(MESSAGE)).digest();
  const fromText = node.createHmac('sha256', key).update(MESSAGE, 'utf8').digest();
  const asHex = node.createHmac('sha256', key).update(encoder.encode(MESSAGE)).digest('hex');
  return (
    hexOf(fromBytes) === EXPECTED &&
    asHex === EXPECTED &&
    node.timingSafeEqual(fromBytes, fromText) &&
    !node.timingSafeEqual(fromBytes, new Uint8Array(32))
  );
}

/**
 * `node:crypto`'s HMAC functions where the runtime offers them through
 * `process.getBuiltinModule` (Node 20.16+, and runtimes compatible with it) and they give the
 * known answer, else `undefined` (then Web Crypto is used). No `node:` module is imported, so
 * the server code stays importable on edge runtimes.
 */
export function builtinNodeCrypto(): NodeHmacCrypto | undefined {
  try {
    const process = (globalThis as { process?: BuiltinModules }).process;
    const module = process?.getBuiltinModule?.('node:crypto') as
      | Partial<NodeHmacCrypto>
      | undefined;
    if (
      typeof module?.createHmac === 'function' &&
      typeof module.createSecretKey === 'function' &&
      typeof module.timingSafeEqual === 'function' &&
      answersRight(module as NodeHmacCrypto)
    ) {
      return module as NodeHmacCrypto;
    }
  } catch {
    // A runtime with the function but not the module, or a partial one: Web Crypto it is.
  }
  return undefined;
}
