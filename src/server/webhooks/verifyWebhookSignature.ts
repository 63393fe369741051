import { builtinNodeCrypto } from './builtinNodeCrypto.js';
import { createSignatureVerifier } from './createSignatureVerifier.js';

const check = createSignatureVerifier(builtinNodeCrypto());

/**
 * Whether `signatureHex` is the HMAC-SHA256 of the raw webhook body keyed with the client
 * secret (the `X-Service-Signature-1` scheme). Never throws for a bad signature or secret: a
 * missing, malformed, wrong-length or non-ASCII signature and an empty secret all give `false`.
 *
 * The signature is decoded to its 32 bytes and compared in constant time with the HMAC: on Node
 * (where `process.getBuiltinModule` offers `node:crypto`) by `createHmac` and `timingSafeEqual`,
 * elsewhere by `crypto.subtle.verify`. Because bytes are compared, upper-case hex is accepted too.
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
  return check(rawBody, signatureHex, secret);
}
