const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes a value for use in HTML text and in quoted attribute values: `&`, `<`, `>`, `"` and
 * `'` become entities. Numbers, booleans and other values are stringified; `null` and
 * `undefined` give the empty string.
 */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
