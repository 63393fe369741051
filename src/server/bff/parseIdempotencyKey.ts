import { HttpRefusal } from './HttpRefusal.js';

// Visible ASCII without spaces, as the IETF draft's examples and Stripe's keys are; bounded so a
// key can never be a large store key or log line.
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Checks an `Idempotency-Key` header value.
 *
 * @throws {HttpRefusal} 400 `invalid_idempotency_key` unless it is 1-255 visible ASCII characters.
 */
export function parseIdempotencyKey(header: string): string {
  if (!KEY.test(header)) {
    throw new HttpRefusal(
      400,
      'invalid_idempotency_key',
      'Idempotency-Key must be 1-255 visible ASCII characters without spaces',
    );
  }
  return header;
}
