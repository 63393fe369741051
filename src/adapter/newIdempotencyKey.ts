/**
 * A fresh idempotency key: a UUID where `crypto.randomUUID` exists (it needs a secure context),
 * otherwise 16 random bytes in hex. Both are visible ASCII, as the BFF requires.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
