import { DEFAULT_BFF_BASE_PATH, DEFAULT_CSRF_HEADER } from '../../core/operations.js';

const DAY_MS = 24 * 3600 * 1000;

/** The defaults of `createInsuranceBff`'s options (see `InsuranceBffOptions`). */
export const BFF_DEFAULTS = {
  basePath: DEFAULT_BFF_BASE_PATH,
  csrfHeader: DEFAULT_CSRF_HEADER,
  maxBodyBytes: 64 * 1024,
  sessionRateLimit: { limit: 20, windowMs: 60_000 },
  callMeNowThrottleMs: 60_000,
  loanCacheTtlMs: 5_000,
  idempotencyTtlMs: DAY_MS,
  heartbeatMs: 15_000,
} as const;
