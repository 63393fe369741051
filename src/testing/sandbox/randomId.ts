/** A random id with a readable prefix, e.g. `ln_3f9c…`; always matches the core id pattern. */
export function randomId(prefix: string, bytes = 12): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  let hex = '';
  for (const b of buf) hex += b.toString(16).padStart(2, '0');
  return `${prefix}_${hex}`;
}
