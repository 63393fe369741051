/** The longest lifetime believed: the service documents 24 h tokens. */
export const MAX_TOKEN_LIFETIME_SECONDS = 86_400;

/** A usable token response, or why it is not. */
export type ParsedTokenResponse =
  | { ok: true; token: string; lifetimeMs: number }
  | { ok: false; reason: 'not_json' | 'access_token' | 'expires_in' };

// Visible ASCII only: the token goes into an Authorization header, where a space, a control
// character or a line break would be refused by fetch or, worse, split the header.
const HEADER_SAFE = /^[\x21-\x7e]{1,8192}$/;
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

function seconds(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && DECIMAL.test(value.trim())
        ? Number(value.trim())
        : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Reads a token response. The lifetime is `expires_in` only (the JWT's own `exp` is never
 * decoded: the service's clock may disagree with ours, and the time we received the token is
 * the one we can trust), clamped to {@link MAX_TOKEN_LIFETIME_SECONDS}. A number, or a decimal
 * string (tolerance for a service that quotes it), above 0 is accepted; 0, negative, `NaN`,
 * `Infinity` and anything else make the response unusable.
 */
export function parseTokenResponse(text: string): ParsedTokenResponse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  if (!json || typeof json !== 'object') return { ok: false, reason: 'not_json' };
  const { access_token: token, expires_in: expiresIn } = json as Record<string, unknown>;
  if (typeof token !== 'string' || !HEADER_SAFE.test(token)) {
    return { ok: false, reason: 'access_token' };
  }
  const s = seconds(expiresIn);
  if (s === undefined) return { ok: false, reason: 'expires_in' };
  return {
    ok: true,
    token,
    lifetimeMs: Math.round(Math.min(s, MAX_TOKEN_LIFETIME_SECONDS) * 1000),
  };
}
