// Names that only ever carry server internals: debugging aids, stacks, credentials. Everything
// else passes, because the service adds fields over time (1.3.3, 1.4.0) and the UI may use them.
const INTERNAL = new Set([
  'stack',
  'stackTrace',
  'trace',
  'debug',
  'internal',
  'exception',
  'access_token',
  'client_secret',
  'clientSecret',
]);

/**
 * A copy of a service answer without internal fields: names starting with `_` or `$` (which also
 * drops `__proto__`) and a short list of names that only carry stacks, debugging data or
 * credentials, at any depth.
 */
export function stripInternalFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripInternalFields) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('_') || key.startsWith('$') || INTERNAL.has(key)) continue;
    out[key] = stripInternalFields(inner);
  }
  return out as T;
}
