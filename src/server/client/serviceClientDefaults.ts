/**
 * The defaults of {@link createServiceClient}, exported so a static test can check the budget:
 * the whole-call deadline stays below the browser's request timeout, so a browser never gives up
 * on a request the server is still retrying.
 *
 * - `timeoutMs` bounds one attempt (connect, headers and body); `deadlineMs` bounds the whole
 *   call (waiting for a rate-limit slot, every attempt and every backoff). Three attempts of
 *   10 s would not fit in 20 s: the deadline is what ends a call, and every wait is cut to it.
 * - `rateLimit.limit` stays below the service's 100 per 60 s so clocks that disagree, or a request
 *   the service counts twice, never reach its limit. `backgroundLimit` (80 % of `limit` when only
 *   `limit` is changed) is what background calls may use, keeping room for a waiting borrower.
 * - `retry`: full-jitter exponential backoff, `random() * min(maxDelayMs, baseDelayMs * 2^n)`.
 *
 * @see ServiceClientOptions for what each value means.
 */
export const SERVICE_CLIENT_DEFAULTS = {
  timeoutMs: 10_000,
  deadlineMs: 20_000,
  maxResponseBytes: 1024 * 1024,
  rateLimit: { limit: 90, windowMs: 60_000, backgroundLimit: 72, latencyAllowanceMs: 5_000 },
  retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 },
  tokenRefreshSkewMs: 300_000,
} as const;
