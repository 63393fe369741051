import { DEFAULT_BFF_BASE_PATH, DEFAULT_CSRF_HEADER } from '../../core/operations.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The defaults of `createInsuranceBff`'s options (see `InsuranceBffOptions`). */
export const BFF_DEFAULTS = {
  basePath: DEFAULT_BFF_BASE_PATH,
  csrfHeader: DEFAULT_CSRF_HEADER,
  maxBodyBytes: 64 * 1024,
  fairShare: { limit: 20, windowMs: MINUTE_MS },
  sessionLimits: { streams: 10, idempotencyKeys: 200, writes: { limit: 30, windowMs: MINUTE_MS } },
  advisorCalls: {
    perSession: { limit: 3, windowMs: HOUR_MS },
    perPhone: { limit: 3, windowMs: HOUR_MS },
  },
  callMeNowThrottleMs: MINUTE_MS,
  // A safety bound only: events and the BFF's own writes keep a kept loan current.
  loanCacheTtlMs: 15 * MINUTE_MS,
  idempotencyTtlMs: DAY_MS,
  linkRetentionMs: 400 * DAY_MS,
  heartbeatMs: 15_000,
  sessionCheckMs: 10_000,
  // Quoting takes 30-45 s; a minute without its event means webhooks are not arriving.
  quotingEventTimeoutMs: MINUTE_MS,
} as const;
