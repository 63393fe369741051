import { errorFromResponse } from '../../core/errors/errorFromResponse.js';
import { NetworkError } from '../../core/errors/NetworkError.js';
import { OutcomeUnknownError } from '../../core/errors/OutcomeUnknownError.js';
import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { UnauthorizedError } from '../../core/errors/UnauthorizedError.js';
import type { HttpMethod, OperationDefinition } from '../../core/operations.js';
import { backoffDelay } from './backoffDelay.js';
import type { HintTarget } from './configurationHints.js';
import { configurationHints } from './configurationHints.js';
import type { CallSignal } from './createCallSignal.js';
import type { DropLog } from './createDropLog.js';
import type { RateLimitQueue } from './createRateLimitQueue.js';
import type { TokenProvider } from './createTokenProvider.js';
import { parseSuccessBody } from './parseSuccessBody.js';
import { TRANSIENT_TOKEN_CODES } from './requestToken.js';
import type { ResolvedServiceClientOptions } from './resolveServiceClientOptions.js';
import type { CallPriority } from './ServiceClient.js';
import { sanitizeErrorBody } from './sanitizeErrorBody.js';
import type { AttemptHeaders } from './sendAttempt.js';
import { BAD_PORT } from './sendAttempt.js';
import { serviceDiagnoses } from './serviceDiagnoses.js';
import { sleep } from './sleep.js';

/** What a call runs with: the client's parts and settings. */
export interface CallContext {
  config: ResolvedServiceClientOptions;
  /** Where values of answers left out as unreadable are told (once per field). */
  dropped: DropLog;
  tokens: TokenProvider;
  queue: RateLimitQueue;
  now: () => number;
}

/** One call, ready to send. */
export interface CallRequest {
  name: string;
  op: Pick<OperationDefinition, 'rateLimited' | 'idempotent' | 'output'>;
  /** Answer fields that must equal these ids when present (from the row's `echoes`). */
  echoes: Readonly<Record<string, string>>;
  method: HttpMethod;
  url: string;
  /** The route's path template (ids as `{loanId}`), for diagnoses that must not quote ids. */
  routePath: string;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
  priority: CallPriority;
  deadlineAt: number;
  /**
   * The call's signal: aborts on the caller's signal or the deadline (its current `signal`),
   * and carries each attempt's time.
   */
  call: CallSignal;
  /** The caller's own signal, for the queue (which fails on the deadline by itself). */
  callerSignal: AbortSignal | undefined;
  /** Set once an attempt went out: from then on a write's outcome may be unknown. */
  sent: boolean;
}

/** Why an attempt failed, and whether another one may help. */
interface Failure {
  error: unknown;
  retryable: boolean;
  /** From `Retry-After` on a 429: the next attempt waits at least this long. */
  retryAfterMs?: number | undefined;
  /** For logs. */
  reason: string;
}

// Connection failures that happen before a byte of the request leaves: the write did not happen.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  BAD_PORT,
]);

/**
 * A write that may have reached the service without us learning its outcome is reported as
 * such, never as a plain failure a caller would simply send again.
 */
function unknownOutcome(req: CallRequest, reason: string, cause?: unknown): OutcomeUnknownError {
  return new OutcomeUnknownError(
    `The service may have run ${req.name}, but its outcome is unknown (${reason})`,
    cause,
  );
}

/** The answer names another loan, quote or policy than the one asked for. */
function echoMismatch(req: CallRequest, value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [field, expected] of Object.entries(req.echoes)) {
    const got = (value as Record<string, unknown>)[field];
    if (got !== undefined && got !== null && got !== expected) return field;
  }
  return undefined;
}

/**
 * What an error status says about the configuration: a 403 is the partner's permissions (the
 * token was good); a 405, or a 404 answered with a web page, is a route the service does not
 * have (a 404 of the service's own is a real "not found"). Other statuses name no setting.
 */
function diagnoseStatus(
  target: HintTarget,
  status: number,
  headers: AttemptHeaders,
  text: string,
  partnerId: string | undefined,
) {
  if (status === 403) return configurationHints.forbidden(target, partnerId);
  const webPage =
    (headers.get('content-type') ?? '').includes('html') || text.trimStart().startsWith('<');
  if (status === 405 || (status === 404 && webPage)) {
    return configurationHints.notFound(target, status);
  }
  return undefined;
}

type Step =
  | { kind: 'done'; value: unknown }
  | { kind: 'failed'; failure: Failure }
  /** The token was refused: replay with a fresh one. */
  | { kind: 'replay' };

/** A failed token request is retryable (the operation was not sent) unless it is our fault. */
function tokenFailure(error: unknown): Failure {
  if (error instanceof RateLimitedError) {
    return { error, retryable: true, retryAfterMs: error.retryAfterMs, reason: 'token_429' };
  }
  const transient =
    error instanceof TimeoutError ||
    error instanceof NetworkError ||
    (error instanceof ServiceError && TRANSIENT_TOKEN_CODES.has(error.serviceCode));
  if (!transient) throw error;
  return { error, retryable: true, reason: 'token_unavailable' };
}

async function attemptOnce(
  ctx: CallContext,
  req: CallRequest,
  allowReplay: boolean,
): Promise<Step> {
  const { config, now } = ctx;
  let token: string;
  try {
    token = await ctx.tokens.get(req.call.signal);
  } catch (error) {
    if (req.call.signal.aborted) throw req.call.signal.reason;
    return { kind: 'failed', failure: tokenFailure(error) };
  }
  if (req.op.rateLimited) await ctx.queue.acquire(req.priority, req.deadlineAt, req.callerSignal);
  req.sent = true;
  const result = await config.send({
    url: req.url,
    method: req.method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(req.body === undefined ? {} : { body: req.body }),
    // The call's signal already carries the deadline, which cuts a late attempt short.
    timeoutMs: config.timeoutMs,
    signal: req.call.signal,
    call: req.call,
    maxBytes: config.maxResponseBytes,
  });
  const retryable = req.op.idempotent;
  // A write is never repeated after it went out; when its answer is missing, broken or a 5xx,
  // whether it happened is unknown, and the caller must be told so rather than retry it.
  const write = !req.op.idempotent;
  const target: HintTarget = {
    operation: req.name,
    method: req.method,
    baseUrl: config.baseUrl,
    path: req.routePath,
  };
  switch (result.kind) {
    case 'redirect':
      throw serviceDiagnoses.attach(
        new ServiceError(502, 'upstream_redirect', 'The service answered with a redirect'),
        configurationHints.redirect(target, result.status, result.location),
      );
    case 'too_large': {
      const error = new ServiceError(
        502,
        'upstream_too_large',
        'The service response is too large',
      );
      throw write ? unknownOutcome(req, 'answer too large', error) : error;
    }
    case 'timeout': {
      if (write) throw unknownOutcome(req, 'no answer in time');
      const error = new TimeoutError(`The service did not answer ${req.name} in time`);
      return { kind: 'failed', failure: { error, retryable, reason: 'timeout' } };
    }
    case 'network': {
      // No `cause`: a fetch error may carry request details; its name and code go to the log.
      const reason = `network ${result.errorCode ?? result.errorName}`;
      if (write && !NOT_SENT.has(result.errorCode ?? '')) throw unknownOutcome(req, reason);
      const error = serviceDiagnoses.attach(
        new NetworkError(`The service could not be reached for ${req.name}`),
        configurationHints.connect(req.url, result.errorCode),
      );
      return { kind: 'failed', failure: { error, retryable, reason } };
    }
  }
  const { status } = result;
  if (status >= 200 && status < 300) {
    let value: unknown;
    try {
      value = parseSuccessBody(
        {
          name: req.name,
          op: req.op,
          read: req.method === 'GET',
          fill: req.echoes,
          onDrop: (field, reason) => ctx.dropped(req.name, field, reason),
        },
        status,
        result.body,
      );
    } catch (error) {
      // A write the service accepted is done, whatever odd field its answer carries; only a
      // create that does not say what it created (no id) leaves its outcome unknown.
      const created = error instanceof ServiceError && error.field === 'id';
      throw write && created ? unknownOutcome(req, 'answer without its id', error) : error;
    }
    const field = echoMismatch(req, value);
    if (field !== undefined) {
      config.logger.error('The service answered about another object than the one asked for', {
        operation: req.name,
        field,
      });
      const error = new ServiceError(
        502,
        'invalid_response',
        `The service answered ${req.name} about another ${field}`,
      );
      throw write ? unknownOutcome(req, `answer about another ${field}`, error) : error;
    }
    return { kind: 'done', value };
  }
  const text = new TextDecoder().decode(result.body);
  const error = serviceDiagnoses.attach(
    errorFromResponse(
      {
        status,
        body: sanitizeErrorBody(text, [token, config.clientSecret]),
        retryAfter: result.headers.get('retry-after'),
      },
      now(),
    ),
    diagnoseStatus(target, status, result.headers, text, config.partnerId),
  );
  if (status === 401) {
    if (!allowReplay) throw error instanceof UnauthorizedError ? error : new UnauthorizedError();
    // Drop the refused token only if it is still the cached one: a late 401 for an old token
    // must not drop the newer token another caller already fetched.
    await ctx.tokens.invalidate(token);
    return { kind: 'replay' };
  }
  if (status === 429) {
    const retryAfterMs = error instanceof RateLimitedError ? error.retryAfterMs : undefined;
    return {
      kind: 'failed',
      failure: { error, retryable: true, retryAfterMs, reason: 'status 429' },
    };
  }
  if (status >= 500) {
    // 503 says the service did not take the request on; any other 5xx may come after the work.
    if (write && status !== 503) throw unknownOutcome(req, `status ${status}`, error);
    return { kind: 'failed', failure: { error, retryable, reason: `status ${status}` } };
  }
  throw error;
}

/**
 * The retry loop of one call. At most `retry.attempts` attempts; a 401 replay after a token
 * refresh comes on top, once. Between attempts it waits `Retry-After` (when a 429 gave one)
 * plus full jitter: adding the jitter to the floor, rather than taking the larger of the two,
 * spreads the retries of callers who got the same `Retry-After` instead of releasing them
 * together. A `Retry-After` above `maxRetryAfterMs`, or a wait that would end past the
 * deadline, ends the call at once with the error in hand.
 */
export async function runCall(ctx: CallContext, req: CallRequest): Promise<unknown> {
  const { retry, random, logger } = ctx.config;
  let replayed = false;
  for (let attempt = 1; ; ) {
    const step = await attemptOnce(ctx, req, !replayed);
    if (step.kind === 'done') return step.value;
    if (step.kind === 'replay') {
      replayed = true;
      logger.warn('Access token refused; refreshing it and replaying once', {
        operation: req.name,
      });
      continue;
    }
    const { failure } = step;
    if (!failure.retryable || attempt >= retry.attempts) throw failure.error;
    const { retryAfterMs } = failure;
    if (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs) throw failure.error;
    const delay =
      (retryAfterMs ?? 0) + backoffDelay(attempt - 1, retry.baseDelayMs, retry.maxDelayMs, random);
    if (ctx.now() + delay >= req.deadlineAt) throw failure.error;
    logger.warn('Service call failed; retrying', {
      operation: req.name,
      attempt,
      reason: failure.reason,
      delayMs: delay,
    });
    await sleep(delay, req.call.signal);
    attempt += 1;
  }
}
