/** A JSON object of an answer, as parsed. */
export type JsonObject = Record<string, unknown>;

/** Whether a parsed JSON value is an object (not `null`, not a list). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
