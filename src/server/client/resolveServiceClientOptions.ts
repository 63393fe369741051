import { ID_PATTERN } from '../../core/ids.js';
import type { ResolvedServiceRoutes } from '../../core/resolveServiceRoutes.js';
import { resolveServiceRoutes } from '../../core/resolveServiceRoutes.js';
import { BROWSER_REQUEST_TIMEOUT_MS } from '../../core/timeouts.js';
import { createMemoryStore } from '../store/createMemoryStore.js';
import type { Store } from '../store/Store.js';
import { parseBaseUrl } from './parseBaseUrl.js';
import type { ServiceClientLogger, ServiceClientOptions } from './ServiceClientOptions.js';
import { selectTransport } from './selectTransport.js';
import { SERVICE_CLIENT_DEFAULTS } from './serviceClientDefaults.js';
import type { Transport } from './Transport.js';

/** {@link ServiceClientOptions} checked and completed with the defaults. */
export interface ResolvedServiceClientOptions {
  baseUrl: string;
  /** Every operation's method and path on the service, overrides applied. */
  routes: ResolvedServiceRoutes;
  clientId: string;
  clientSecret: string;
  partnerId: string | undefined;
  /** How every exchange (calls and token requests) is sent: see `selectTransport`. */
  send: Transport;
  store: Store;
  timeoutMs: number;
  deadlineMs: number;
  maxResponseBytes: number;
  rateLimit: {
    limit: number;
    windowMs: number;
    backgroundLimit: number;
    latencyAllowanceMs: number;
  };
  retry: { attempts: number; baseDelayMs: number; maxDelayMs: number; maxRetryAfterMs: number };
  tokenRefreshSkewMs: number;
  random: () => number;
  logger: ServiceClientLogger;
}

// Timers take a signed 32-bit delay; anything longer fires at once, so no wait may exceed it.
const MAX_TIMER_MS = 2 ** 31 - 1;

function number(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
  integer = false,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${name} must be a finite number`);
  }
  if (value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new RangeError(
      `${name} must be ${integer ? 'an integer ' : ''}between ${min} and ${max}`,
    );
  }
  return value;
}

function text(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value;
}

const silent: ServiceClientLogger = { warn() {}, error() {} };

// A logger that throws must not turn a successful call into a failed one.
function guarded(logger: ServiceClientLogger): ServiceClientLogger {
  return {
    warn(message, meta) {
      try {
        logger.warn(message, meta);
      } catch {
        // ignored: logging is best effort
      }
    },
    error(message, meta) {
      try {
        logger.error(message, meta);
      } catch {
        // ignored: logging is best effort
      }
    },
  };
}

/**
 * Checks {@link ServiceClientOptions} and fills in {@link SERVICE_CLIENT_DEFAULTS}. Errors name
 * the option, never its value (one of them is the secret).
 *
 * @throws TypeError for a missing or mistyped option or a refused `baseUrl`; RangeError for a
 *   number out of range, including a `deadlineMs` not below `BROWSER_REQUEST_TIMEOUT_MS`.
 */
export function resolveServiceClientOptions(
  options: ServiceClientOptions,
): ResolvedServiceClientOptions {
  const d = SERVICE_CLIENT_DEFAULTS;
  const partnerId = options.partnerId;
  if (partnerId !== undefined && (typeof partnerId !== 'string' || !ID_PATTERN.test(partnerId))) {
    throw new TypeError('partnerId must be 1-64 letters, digits, "_" or "-"');
  }
  const userFetch = options.fetch;
  if (userFetch !== undefined && typeof userFetch !== 'function') {
    throw new TypeError('fetch must be a function');
  }
  const random = options.random ?? Math.random;
  if (typeof random !== 'function') throw new TypeError('random must be a function');

  const limit = number(
    'rateLimit.limit',
    options.rateLimit?.limit,
    d.rateLimit.limit,
    1,
    1e6,
    true,
  );
  const defaultBackground =
    options.rateLimit?.limit === undefined
      ? d.rateLimit.backgroundLimit
      : Math.max(1, Math.floor(limit * 0.8));
  return {
    baseUrl: parseBaseUrl(text('baseUrl', options.baseUrl)),
    routes: resolveServiceRoutes(options.routes),
    clientId: text('clientId', options.clientId),
    clientSecret: text('clientSecret', options.clientSecret),
    partnerId,
    send: selectTransport(userFetch),
    store: options.store ?? createMemoryStore(),
    timeoutMs: number('timeoutMs', options.timeoutMs, d.timeoutMs, 1, MAX_TIMER_MS),
    deadlineMs: number(
      'deadlineMs',
      options.deadlineMs,
      d.deadlineMs,
      1,
      BROWSER_REQUEST_TIMEOUT_MS - 1,
    ),
    maxResponseBytes: number(
      'maxResponseBytes',
      options.maxResponseBytes,
      d.maxResponseBytes,
      1,
      Number.MAX_SAFE_INTEGER,
      true,
    ),
    rateLimit: {
      limit,
      windowMs: number(
        'rateLimit.windowMs',
        options.rateLimit?.windowMs,
        d.rateLimit.windowMs,
        1,
        MAX_TIMER_MS,
      ),
      backgroundLimit: number(
        'rateLimit.backgroundLimit',
        options.rateLimit?.backgroundLimit,
        defaultBackground,
        1,
        limit,
        true,
      ),
      latencyAllowanceMs: number(
        'rateLimit.latencyAllowanceMs',
        options.rateLimit?.latencyAllowanceMs,
        d.rateLimit.latencyAllowanceMs,
        0,
        MAX_TIMER_MS,
      ),
    },
    retry: {
      attempts: number('retry.attempts', options.retry?.attempts, d.retry.attempts, 1, 10, true),
      baseDelayMs: number(
        'retry.baseDelayMs',
        options.retry?.baseDelayMs,
        d.retry.baseDelayMs,
        0,
        MAX_TIMER_MS,
      ),
      maxDelayMs: number(
        'retry.maxDelayMs',
        options.retry?.maxDelayMs,
        d.retry.maxDelayMs,
        0,
        MAX_TIMER_MS,
      ),
      maxRetryAfterMs: number(
        'retry.maxRetryAfterMs',
        options.retry?.maxRetryAfterMs,
        d.retry.maxRetryAfterMs,
        0,
        MAX_TIMER_MS,
      ),
    },
    tokenRefreshSkewMs: number(
      'tokenRefreshSkewMs',
      options.tokenRefreshSkewMs,
      d.tokenRefreshSkewMs,
      0,
      86_400_000,
    ),
    random,
    logger: options.logger ? guarded(options.logger) : silent,
  };
}
