import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE } from '../../core/ids.js';
import { HttpRefusal } from './HttpRefusal.js';

/**
 * Checks an `Idempotency-Key` header value.
 *
 * @throws {HttpRefusal} 400 `invalid_idempotency_key` unless it is 1-255 visible ASCII characters.
 */
export function parseIdempotencyKey(header: string): string {
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new HttpRefusal(
      400,
      'invalid_idempotency_key',
      `Idempotency-Key must be ${IDEMPOTENCY_KEY_RULE}`,
    );
  }
  return header;
}
