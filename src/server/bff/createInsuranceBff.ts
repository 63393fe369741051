import { toErrorBody } from '../../core/errors/errorBody.js';
import { OutcomeUnknownError } from '../../core/errors/OutcomeUnknownError.js';
import { trimBasePath } from '../../core/operations.js';
import { consoleLogger } from '../consoleLogger.js';
import { createEventRelay } from '../events/createEventRelay.js';
import { createHintLog } from '../events/createHintLog.js';
import { nodeEntry } from '../http/nodeEntry.js';
import { createMemoryStore } from '../store/createMemoryStore.js';
import { answerBffRequest } from './answerBffRequest.js';
import type { BffContext } from './BffContext.js';
import { BFF_DEFAULTS } from './bffDefaults.js';
import { createAdvisorCallGuard } from './createAdvisorCallGuard.js';
import { createConsentBook, TCPA_CONSENT_TTL_MS } from './createConsentBook.js';
import { createLoanCache } from './createLoanCache.js';
import type { QuotingWatch } from './createQuotingWatch.js';
import { createQuotingWatch } from './createQuotingWatch.js';
import { createStreamRegistry } from './createStreamRegistry.js';
import { createWriteJournal } from './createWriteJournal.js';
import { handleBffRequest } from './handleBffRequest.js';
import type { InsuranceBff, InsuranceBffOptions } from './InsuranceBffOptions.js';
import { jsonResult } from './jsonResult.js';
import { keepSubscribed } from './keepSubscribed.js';
import type { LoanChange } from './LoanChange.js';
import { loanChangeOfEvent } from './loanChangeOfEvent.js';
import { resolveBffLimits } from './resolveBffLimits.js';
import { resolveDocumentLinkRule } from './resolveDocumentLinkRule.js';
import { sessionHash } from './sessionHash.js';

/** Where a session's end is announced to every instance (the message: the session's hash). */
const SESSION_ENDED_CHANNEL = 'lir:session-ended';
/** Where each instance tells the others what its writes did to a loan (see `LoanWriteMessage`). */
const LOAN_WRITES_CHANNEL = 'lir:loan-writes';

/** A write's change to a loan, as announced to the other instances. */
interface LoanWriteMessage {
  /** The announcing instance, which applied it already. */
  from: string;
  loanId: string;
  change: LoanChange;
}

/**
 * What other instances are told of a write: a status, or that they should read again. No field
 * of the borrower's goes through the store; a shop's new links come with the status from the
 * display.
 */
function announcementOf(change: LoanChange): LoanChange {
  if (change.kind === 'quoting') return { kind: 'status' };
  if (change.kind !== 'fields') return change;
  const { status, ...others } = change.fields;
  if (Object.keys(others).length > 0 || status === undefined) return { kind: 'unknown' };
  return { kind: 'fields', fields: { status }, sentAt: change.sentAt };
}

function fail(message: string): never {
  throw new TypeError(`createInsuranceBff: ${message}`);
}

function optionalFunction(name: string, value: unknown) {
  if (value !== undefined && typeof value !== 'function') fail(`${name} must be a function`);
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
 * the webhook receiver publishes to, and keeps what it read or created of each loan, current
 * through the loan's events and its own writes (see `loanCacheTtlMs`), so a shop flow costs two
 * rate-limited calls (submit and shop) however many tabs, reloads and re-renders read it. A write
 * with an `Idempotency-Key` runs at most once, and its outcome (even one that arrives after the
 * browser left, or an unknown one) belongs to the key. Each client gets a bounded share of the
 * partner's rate budget (`fairnessKey`, `fairShare`), each session bounded streams, keys and
 * writes (`sessionLimits`), and advisor calls are limited per loan, session and phone number.
 *
 * A misconfigured server explains itself in `logger` (once a minute per cause): a failure the
 * service client diagnosed (base URL without its path prefix, wrong host or port, refused
 * credentials, missing permissions, a route the service spells otherwise) is logged naming the
 * option and its environment variable, and the browser gets 502 `service_error`. A shopped
 * loan whose `loan.shopped` event has not come after `quotingEventTimeoutMs` is logged once,
 * with the webhook receiver's last refused delivery, and its outcome is read and relayed by the
 * BFF itself (see `quotingEventTimeoutMs`).
 *
 * @throws {TypeError} without `getSession` or `authorize`, or with an invalid option.
 *
 * @example
 * const bff = createInsuranceBff({
 *   client: createServiceClient({ baseUrl, clientId, clientSecret }),
 *   getSession: (request) => sessions.fromCookie(request.headers.get('cookie')),
 *   authorize: ({ session, operation, loanId, policyId }) => {
 *     if (operation === 'submitLoanApplication') return true; // any signed-in borrower may apply
 *     if (loanId) return db.loanBelongsTo(loanId, session.userId);
 *     return policyId !== undefined && db.policyBelongsTo(policyId, session.userId);
 *   },
 *   onLoanCreated: ({ session, loan }) => db.bindLoan(loan.id, session.userId),
 *   fairnessKey: ({ session }) => session.userId,
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
  for (const name of ['onLoanCreated', 'prepareApplication', 'onPolicyLinked', 'fairnessKey']) {
    optionalFunction(name, options[name as keyof InsuranceBffOptions<S>]);
  }
  if (options.relay && (options.onPolicyLinked || options.linkRetentionMs !== undefined)) {
    fail('onPolicyLinked and linkRetentionMs configure the relay: pass them to createEventRelay');
  }
  const csrfHeader = options.csrfHeader ?? BFF_DEFAULTS.csrfHeader;
  if (
    !/^[A-Za-z0-9-]{1,64}$/.test(csrfHeader.name) ||
    !/^[\x21-\x7e]{1,256}$/.test(csrfHeader.value)
  ) {
    fail('csrfHeader needs a header name and a visible ASCII value');
  }
  const limits = resolveBffLimits(options);
  // Judged before anything starts: a wrong entry is a TypeError, not links silently removed.
  const documentHosts = resolveDocumentLinkRule(options.client.baseUrl, options.documentHosts);

  const logger = options.logger ?? consoleLogger;
  const store = options.store ?? createMemoryStore();
  const relay =
    options.relay ??
    createEventRelay({
      store,
      logger,
      linkRetentionMs: options.linkRetentionMs ?? BFF_DEFAULTS.linkRetentionMs,
      ...(options.onPolicyLinked ? { onPolicyLinked: options.onPolicyLinked } : {}),
    });
  const loanCache = createLoanCache({ ttlMs: limits.loanCacheTtlMs, store });
  const instanceId = crypto.randomUUID();
  const streams = createStreamRegistry(limits.streamsPerSession);
  // A misconfigured server fails every request the same way: once a minute per cause is enough.
  const hints = createHintLog({ logger });
  const quotingWatch: QuotingWatch =
    limits.quotingEventTimeoutMs > 0
      ? createQuotingWatch({
          client: options.client,
          relay,
          logger,
          hints,
          afterMs: limits.quotingEventTimeoutMs,
        })
      : { shopped: () => undefined, eventArrived: () => undefined, stop: () => undefined };
  // A loan's cached copy follows every event about it (from any instance): a status event makes
  // its next read take the status from the display.
  const following = keepSubscribed({
    subscribe: (onInterrupted) =>
      relay.subscribeAll(
        (entry) => {
          loanCache.change(entry.event.loanId, loanChangeOfEvent(entry.event), true);
          quotingWatch.eventArrived(entry.event.loanId);
        },
        { onInterrupted },
      ),
    // Missed events may have changed any loan: forget every copy.
    onGap: () => loanCache.clear(),
    logger,
    what: 'loan events',
  });
  // And every write another instance made to it.
  const followingWrites = keepSubscribed({
    subscribe: (onInterrupted) =>
      store.subscribe(
        LOAN_WRITES_CHANNEL,
        (message) => {
          const write = JSON.parse(message) as LoanWriteMessage;
          if (write.from !== instanceId) loanCache.change(write.loanId, write.change);
        },
        { onInterrupted },
      ),
    onGap: () => loanCache.clear(),
    logger,
    what: 'loan writes',
  });
  // A session that ended on another instance ends its streams here too.
  const sessionsEnding = keepSubscribed({
    subscribe: (onInterrupted) =>
      store.subscribe(SESSION_ENDED_CHANNEL, (hash) => streams.endSession(hash), {
        onInterrupted,
      }),
    // Streams check their session every sessionCheckMs anyway: a missed message ends them later.
    onGap: () => undefined,
    logger,
    what: 'ended sessions',
  });

  const ctx: BffContext<S> = {
    client: options.client,
    getSession: options.getSession,
    authorize: options.authorize,
    onLoanCreated: options.onLoanCreated,
    prepareApplication: options.prepareApplication,
    fairnessKey: options.fairnessKey ?? (({ session }) => `session:${session.id}`),
    basePath: checkBasePath(options.basePath ?? BFF_DEFAULTS.basePath),
    store,
    relay,
    csrfHeader: { ...csrfHeader },
    allowedOrigins: checkOrigins(options.allowedOrigins),
    maxBodyBytes: limits.maxBodyBytes,
    fairShare: limits.fairShare,
    sessionWrites: limits.sessionWrites,
    heartbeatMs: limits.heartbeatMs,
    sessionCheckMs: limits.sessionCheckMs,
    documentHosts,
    exposeFields: { ...options.exposeFields },
    logger,
    hints,
    quotingWatch,
    journal: createWriteJournal({
      store,
      ttlMs: limits.idempotencyTtlMs,
      keysPerSession: limits.idempotencyKeysPerSession,
      unknownOutcome: () => jsonResult(toErrorBody(new OutcomeUnknownError()), 502),
      logger,
    }),
    loanCache,
    async loanWritten(loanId, change) {
      loanCache.change(loanId, change, true);
      const message: LoanWriteMessage = {
        from: instanceId,
        loanId,
        change: announcementOf(change),
      };
      try {
        await store.publish(LOAN_WRITES_CHANNEL, JSON.stringify(message));
      } catch (error) {
        // Other instances keep their copy until the loan's next event or their safety TTL.
        logger.error('insurance bff: could not tell other instances a loan changed', {
          loanId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    consents: createConsentBook(store),
    advisorCalls: createAdvisorCallGuard({
      store,
      perLoanMs: limits.callMeNowThrottleMs,
      perSession: limits.advisorPerSession,
      perPhone: limits.advisorPerPhone,
      phoneTtlMs: TCPA_CONSENT_TTL_MS,
    }),
    streams,
    followingEvents: following.firstAttempt,
  };

  // One implementation for both: the Node entry answers without building a `Response`.
  const handler = nodeEntry.attach(
    (request: Request) => handleBffRequest(ctx, request),
    (request) => answerBffRequest(ctx, request),
  );
  return {
    handler,
    relay,
    async endSessionStreams(sessionId) {
      const hash = await sessionHash(sessionId);
      streams.endSession(hash);
      try {
        await store.publish(SESSION_ENDED_CHANNEL, hash);
      } catch (error) {
        // Streams on other instances still end at their next session check.
        logger.error('insurance bff: could not tell other instances a session ended', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    async close() {
      streams.endAll();
      quotingWatch.stop();
      await Promise.all([following.stop(), followingWrites.stop(), sessionsEnding.stop()]);
    },
  };
}
