/**
 * The only shape an id may have before it is put into a URL: letters, digits, `_` and `-`,
 * 1 to 64 characters. Anything else (dots, slashes, percent escapes, unicode) is refused, so an
 * id can never change which path a request goes to.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `value` is a string safe to use as a path id. */
export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/**
 * The shape of an `Idempotency-Key`: 1 to 255 visible ASCII characters without spaces, as the
 * IETF draft's examples and Stripe's keys are; bounded so a key can never be a large store key or
 * log line. The adapter checks it before sending; the BFF refuses anything else with a 400.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Why a key failed {@link IDEMPOTENCY_KEY_PATTERN}, in the words both sides use. */
export const IDEMPOTENCY_KEY_RULE = '1-255 visible ASCII characters without spaces';
