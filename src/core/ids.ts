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
