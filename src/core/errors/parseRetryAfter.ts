// RFC 9110 allows delay-seconds (digits only) or an IMF-fixdate; anything else is ignored so a
// malformed header can never produce a negative, fractional or overflowing wait.
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Milliseconds to wait according to a `Retry-After` header, or `undefined` when the header is
 * absent or malformed. A date in the past gives 0.
 */
export function parseRetryAfter(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (header == null) return undefined;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1000;
  if (IMF_FIXDATE.test(value)) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now);
  }
  return undefined;
}
