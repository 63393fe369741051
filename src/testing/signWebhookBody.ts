import type { BytesLike } from '../core/hmacSha256Hex.js';
import { hmacSha256Hex } from '../core/hmacSha256Hex.js';

/**
 * The value of the `X-Service-Signature-1` header for a raw webhook body: lowercase hex
 * HMAC-SHA256 keyed with the client secret. Use it to send signed test events to your receiver.
 *
 * @example
 * const body = JSON.stringify(event);
 * await fetch(url, { method: 'POST', body, headers: {
 *   'Content-Type': 'application/json',
 *   'X-Service-Signature-1': await signWebhookBody(body, clientSecret),
 * } });
 */
export function signWebhookBody(rawBody: BytesLike, clientSecret: string): Promise<string> {
  return hmacSha256Hex(clientSecret, rawBody);
}
