import { trimBasePath } from '../../core/operations.js';
import { consoleLogger } from '../consoleLogger.js';
import { createEventRelay } from '../events/createEventRelay.js';
import { createMemoryStore } from '../store/createMemoryStore.js';
import type { BffContext } from './BffContext.js';
import { BFF_DEFAULTS } from './bffDefaults.js';
import { createCallThrottle } from './createCallThrottle.js';
import { createConsentBook } from './createConsentBook.js';
import { createIdempotencyGuard } from './createIdempotencyGuard.js';
import { createLoanCache } from './createLoanCache.js';
import { followLoanEvents } from './followLoanEvents.js';
import { handleBffRequest } from './handleBffRequest.js';
import type { InsuranceBff, InsuranceBffOptions } from './InsuranceBffOptions.js';

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

function checkOrigins(origins: readonly string[] | undefined): readonly string[] {
  for (const origin of origins ?? []) {
    // `*` cannot go with credentials, and `null` is what sandboxed frames and file: pages send.
    // No wildcards at all: a pattern would be matched as a literal host, silently allowing none.
    if (origin.includes('*') || origin === 'null') fail(`allowedOrigins cannot contain ${origin}`);
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      fail(`allowedOrigins must hold exact origins like https://portal.example, not ${origin}`);
    }
  }
  return [...(origins ?? [])];
}

function checkBasePath(basePath: string): string {
  const trimmed = trimBasePath(basePath);
  if (trimmed !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed)) {
    fail('basePath must be a plain absolute path such as /api/insurance');
  }
  return trimmed;
}

/**
 * Creates the backend-for-frontend that browsers call instead of the service: a web-standard
 * `handler(Request) → Response` that serves only the operation table's BFF routes, checks the
 * session, asks `authorize` about every loan and policy, validates and cleans every body, and
 * calls the service through `client` (which holds the secret and the token). It is never an open
 * proxy: no path, query, header or unknown body field of the browser reaches the service.
 *
 * It also streams each loan's events (server-sent events, or JSON polling) from `relay`, which
 * the webhook receiver publishes to, and keeps a short per-loan cache of loan reads.
 *
 * @throws {TypeError} without `getSession` or `authorize`, or with an invalid option.
 *
 * @example
 * const bff = createInsuranceBff({
 *   client: createServiceClient({ baseUrl, clientId, clientSecret }),
 *   getSession: (request) => sessions.fromCookie(request.headers.get('cookie')),
 *   authorize: ({ session, loanId }) => loanId === undefined || session.loanIds.has(loanId),
 *   onLoanCreated: ({ session, loan }) => session.loanIds.add(loan.id),
 * });
 * // Next.js app router: app/api/insurance/[...path]/route.ts
 * export const GET = bff.handler;
 * export const POST = bff.handler;
 * export const PUT = bff.handler;
 * export const PATCH = bff.handler;
 * export const OPTIONS = bff.handler;
 */
export function createInsuranceBff<S extends { id: string }>(
  options: InsuranceBffOptions<S>,
): InsuranceBff {
  if (!options || typeof options.getSession !== 'function') fail('getSession is required');
  if (typeof options.authorize !== 'function') {
    fail('authorize is required: without it any session could reach any loan');
  }
  if (!options.client || typeof options.client.call !== 'function') fail('client is required');
  const csrfHeader = options.csrfHeader ?? BFF_DEFAULTS.csrfHeader;
  if (
    !/^[A-Za-z0-9-]{1,64}$/.test(csrfHeader.name) ||
    !/^[\x21-\x7e]{1,256}$/.test(csrfHeader.value)
  ) {
    fail('csrfHeader needs a header name and a visible ASCII value');
  }
  const rate = options.sessionRateLimit ?? BFF_DEFAULTS.sessionRateLimit;
  const sessionRateLimit = {
    limit: Math.floor(
      positive('sessionRateLimit.limit', rate.limit, BFF_DEFAULTS.sessionRateLimit.limit),
    ),
    windowMs: positive(
      'sessionRateLimit.windowMs',
      rate.windowMs,
      BFF_DEFAULTS.sessionRateLimit.windowMs,
    ),
  };

  const logger = options.logger ?? consoleLogger;
  const store = options.store ?? createMemoryStore();
  const relay = options.relay ?? createEventRelay({ store });
  const loanCache = createLoanCache({
    ttlMs: positive('loanCacheTtlMs', options.loanCacheTtlMs, BFF_DEFAULTS.loanCacheTtlMs, true),
  });
  // A loan's cached copy goes stale the moment an event about it arrives (from any instance).
  const following = followLoanEvents({
    relay,
    onEvent: (entry) => loanCache.invalidate(entry.event.loanId),
    // Missed events may have changed any loan: forget every copy.
    onGap: () => loanCache.clear(),
    logger,
  });

  const ctx: BffContext<S> = {
    client: options.client,
    getSession: options.getSession,
    authorize: options.authorize,
    onLoanCreated: options.onLoanCreated,
    basePath: checkBasePath(options.basePath ?? BFF_DEFAULTS.basePath),
    store,
    relay,
    csrfHeader: { ...csrfHeader },
    allowedOrigins: checkOrigins(options.allowedOrigins),
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, BFF_DEFAULTS.maxBodyBytes),
    sessionRateLimit,
    heartbeatMs: positive('heartbeatMs', options.heartbeatMs, BFF_DEFAULTS.heartbeatMs),
    documentHosts: options.documentHosts ? [...options.documentHosts] : undefined,
    logger,
    idempotency: createIdempotencyGuard({
      store,
      ttlMs: positive('idempotencyTtlMs', options.idempotencyTtlMs, BFF_DEFAULTS.idempotencyTtlMs),
    }),
    loanCache,
    consents: createConsentBook(store),
    callThrottle: createCallThrottle(
      store,
      positive(
        'callMeNowThrottleMs',
        options.callMeNowThrottleMs,
        BFF_DEFAULTS.callMeNowThrottleMs,
      ),
    ),
    openStreams: new Set(),
    followingEvents: following.firstAttempt,
  };

  return {
    handler: (request) => handleBffRequest(ctx, request),
    relay,
    async close() {
      for (const stop of [...ctx.openStreams]) stop();
      await following.stop();
    },
  };
}
