/**
 * CORS headers for a response to `origin`: the exact origin with credentials when it is allowed
 * (never `*`, which browsers refuse with credentials anyway), nothing otherwise. `Vary: Origin`
 * is always there when origins are configured, so no cache mixes answers for two origins.
 */
export function corsHeaders(
  origin: string | null,
  allowedOrigins: readonly string[],
): Record<string, string> {
  if (allowedOrigins.length === 0) return {};
  if (origin === null || !allowedOrigins.includes(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'Retry-After, Idempotent-Replayed',
    Vary: 'Origin',
  };
}
