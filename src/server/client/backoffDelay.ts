/**
 * Full-jitter exponential backoff: `random() * min(maxDelayMs, baseDelayMs * 2^retry)`, in whole
 * milliseconds, where `retry` is 0 before the first retry. Full jitter (rather than a fixed
 * delay plus a little noise) spreads a crowd of failed callers over the whole interval, so
 * their retries do not arrive together. A `random` outside [0, 1) is clamped into it.
 */
export function backoffDelay(
  retry: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: () => number,
): number {
  const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
  return Math.floor(unit * cap);
}
