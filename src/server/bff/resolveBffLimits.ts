import { BFF_DEFAULTS } from './bffDefaults.js';
import type { InsuranceBffOptions, RateWindow } from './InsuranceBffOptions.js';

/** The numbers of `createInsuranceBff`'s options, checked, with every default filled in. */
export interface BffLimits {
  maxBodyBytes: number;
  fairShare: RateWindow;
  streamsPerSession: number;
  idempotencyKeysPerSession: number;
  sessionWrites: RateWindow;
  advisorPerSession: RateWindow;
  advisorPerPhone: RateWindow;
  callMeNowThrottleMs: number;
  loanCacheTtlMs: number;
  idempotencyTtlMs: number;
  heartbeatMs: number;
  sessionCheckMs: number;
  /** 0: no watch. */
  quotingEventTimeoutMs: number;
}

function fail(message: string): never {
  throw new TypeError(`createInsuranceBff: ${message}`);
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false) {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    fail(`${name} must be a positive number`);
  }
  return value;
}

const count = (name: string, value: number | undefined, fallback: number) =>
  Math.floor(positive(name, value, fallback));

function window(name: string, value: Partial<RateWindow> | undefined, fallback: RateWindow) {
  return {
    limit: count(`${name}.limit`, value?.limit, fallback.limit),
    windowMs: positive(`${name}.windowMs`, value?.windowMs, fallback.windowMs),
  };
}

/**
 * Checks every number of the options, so a mistake (a zero window, a negative cap) fails at
 * start-up with the option's name rather than as a BFF that refuses everyone.
 *
 * @throws {TypeError} naming the option.
 */
export function resolveBffLimits<S extends { id: string }>(
  options: InsuranceBffOptions<S>,
): BffLimits {
  const d = BFF_DEFAULTS;
  if (options.fairShare && options.sessionRateLimit) {
    fail('give fairShare or its old name sessionRateLimit, not both');
  }
  const session = options.sessionLimits;
  return {
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, d.maxBodyBytes),
    fairShare: window('fairShare', options.fairShare ?? options.sessionRateLimit, d.fairShare),
    streamsPerSession: count('sessionLimits.streams', session?.streams, d.sessionLimits.streams),
    idempotencyKeysPerSession: count(
      'sessionLimits.idempotencyKeys',
      session?.idempotencyKeys,
      d.sessionLimits.idempotencyKeys,
    ),
    sessionWrites: window('sessionLimits.writes', session?.writes, d.sessionLimits.writes),
    advisorPerSession: window(
      'advisorCalls.perSession',
      options.advisorCalls?.perSession,
      d.advisorCalls.perSession,
    ),
    advisorPerPhone: window(
      'advisorCalls.perPhone',
      options.advisorCalls?.perPhone,
      d.advisorCalls.perPhone,
    ),
    callMeNowThrottleMs: positive(
      'callMeNowThrottleMs',
      options.callMeNowThrottleMs,
      d.callMeNowThrottleMs,
    ),
    loanCacheTtlMs: positive('loanCacheTtlMs', options.loanCacheTtlMs, d.loanCacheTtlMs, true),
    idempotencyTtlMs: positive('idempotencyTtlMs', options.idempotencyTtlMs, d.idempotencyTtlMs),
    heartbeatMs: positive('heartbeatMs', options.heartbeatMs, d.heartbeatMs),
    sessionCheckMs: positive('sessionCheckMs', options.sessionCheckMs, d.sessionCheckMs),
    quotingEventTimeoutMs: positive(
      'quotingEventTimeoutMs',
      options.quotingEventTimeoutMs,
      d.quotingEventTimeoutMs,
      true,
    ),
  };
}
