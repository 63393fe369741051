import { ValidationError } from '../core/errors/ValidationError.js';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE } from '../core/ids.js';
import { newIdempotencyKey } from './newIdempotencyKey.js';

/**
 * The `Idempotency-Key` of a write: the caller's, checked so a bad key from a host fails before
 * anything is sent (not as a 400 after), or a fresh one.
 *
 * @throws {ValidationError} on `idempotencyKey` when the caller's key is malformed.
 */
export function writeIdempotencyKey(given: string | undefined): string {
  const key = given ?? newIdempotencyKey();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ValidationError([
      { path: 'idempotencyKey', message: `Idempotency key must be ${IDEMPOTENCY_KEY_RULE}` },
    ]);
  }
  return key;
}
