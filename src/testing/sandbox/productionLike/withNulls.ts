import type { JsonObject } from './isJsonObject.js';

/**
 * The object with each of `keys` it leaves out (or sends empty) as `null`, the way production
 * says "not known": the other fields are kept as they are.
 */
export function withNulls(value: JsonObject, keys: readonly string[]): JsonObject {
  const out = { ...value };
  for (const key of keys) {
    if (out[key] === undefined || out[key] === '') out[key] = null;
  }
  return out;
}
