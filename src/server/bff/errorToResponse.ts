import type { GenericSchema } from 'valibot';
import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { toErrorBody } from '../../core/errors/errorBody.js';
import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { NetworkError } from '../../core/errors/NetworkError.js';
import { NotFoundError } from '../../core/errors/NotFoundError.js';
import { OutcomeUnknownError } from '../../core/errors/OutcomeUnknownError.js';
import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { UnauthorizedError } from '../../core/errors/UnauthorizedError.js';
import { ValidationError } from '../../core/errors/ValidationError.js';
import type { ServiceDiagnosis } from '../client/serviceDiagnoses.js';
import { serviceDiagnoses } from '../client/serviceDiagnoses.js';
import type { HintLog } from '../events/createHintLog.js';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';
import { HttpRefusal } from './HttpRefusal.js';
import type { BffLogger } from './InsuranceBffOptions.js';
import { jsonResponse } from './jsonResponse.js';
import { redactLogText } from './redactLogText.js';
import { serviceErrors } from './serviceErrors.js';
import { toBrowserIssues } from './toBrowserIssues.js';

/** Field issues sent back at most: a hostile 10^5-item array must not become a 10 MB answer. */
export const MAX_ISSUES = 20;
/** The longest wait passed on to a browser (R9: an upstream's huge Retry-After is not). */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** `Retry-After` while the shared store is unreachable. */
const STORE_RETRY_AFTER_SECONDS = 5;
/** `Retry-After` when the service said 429 without saying how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

// What a browser reads instead of the service's own words, which may carry internals or
// someone's personal data.
const INVALID = 'Some details were not accepted; check them and try again';
const RATE_LIMITED = 'Too many requests; try again shortly';
const CONFLICT = 'The request conflicts with the current state of the loan application';
const REFUSED = 'The insurance service refused the request';
const FAILED = 'The insurance service could not answer';
const LOAN_CLOSED = 'The loan application is closed';

/** What {@link errorToResponse} needs to know about the request that failed. */
export interface ErrorContext {
  logger: BffLogger;
  operation?: string;
  /** The operation's input schema (its row's), for telling which issue paths name its fields. */
  inputSchema?: GenericSchema | undefined;
  /** The browser went away: nobody reads the answer, and it is not a server fault. */
  aborted?: boolean;
  /**
   * Where a failure that names a setting to fix is logged, once a minute per cause; without
   * it, such a failure is logged every time.
   */
  hints?: HintLog;
}

const upstreamFailure = () =>
  jsonResponse({ error: { code: 'service_error', message: FAILED } }, 502);

// The service's account of a failure, for the lender's logs only.
const detailOf = (error: InsuranceError, ctx: ErrorContext) => ({
  operation: ctx.operation,
  status: error.status,
  code: error instanceof ServiceError ? error.serviceCode : error.code,
  text: redactLogText(error.message),
});

// Logged whenever the browser gets library text instead of what the error itself said.
function logWithheld(error: InsuranceError, sent: string, ctx: ErrorContext): void {
  if (error.message !== sent) {
    ctx.logger.warn('insurance bff: error text withheld from the browser', detailOf(error, ctx));
  }
}

/** Answers with `safe` (library text), logging what `error` said instead. */
function answer(safe: InsuranceError, status: number, error: InsuranceError, ctx: ErrorContext) {
  logWithheld(error, safe.message, ctx);
  return jsonResponse(toErrorBody(safe), status);
}

function rateLimited(retryAfterMs: number | undefined, message: string): Response {
  const seconds =
    retryAfterMs === undefined
      ? DEFAULT_RETRY_AFTER_SECONDS
      : Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  const body = toErrorBody(new RateLimitedError(seconds * 1000, message));
  return jsonResponse(body, 429, { 'Retry-After': String(seconds) });
}

function invalidInput(error: ValidationError, ctx: ErrorContext): Response {
  const issues = toBrowserIssues(error.issues, ctx.inputSchema, MAX_ISSUES);
  ctx.logger.warn('insurance bff: error text withheld from the browser', {
    ...detailOf(error, ctx),
    issues: error.issues
      .slice(0, MAX_ISSUES)
      .map((i) => `${redactLogText(i.path)}: ${redactLogText(i.message)}`),
  });
  return jsonResponse(toErrorBody(new ValidationError(issues, INVALID)), 400);
}

function serverCredentialsRefused(error: InsuranceError, ctx: ErrorContext): Response {
  // The browser's session is checked before any upstream call, so a 401 here is about the
  // server's own credentials: a 401 to the browser would wrongly send the user to sign in.
  ctx.logger.error(
    'insurance bff: the service refused the server credentials',
    detailOf(error, ctx),
  );
  return upstreamFailure();
}

// Only codes the library defines pass; any other conflict is just that.
function conflict(code: string, operation: string | undefined): Response {
  if (code === 'loan_closed') {
    return jsonResponse({ error: { code, message: LOAN_CLOSED } }, 409);
  }
  if (code === 'consent_required') {
    const calls = operation === 'scheduleCall' || operation === 'callMeNow';
    return jsonResponse(toErrorBody(new ConsentRequiredError(calls ? 'tcpa' : 'consent')), 409);
  }
  return jsonResponse({ error: { code: 'conflict', message: CONFLICT } }, 409);
}

/** An error status from the service (or a failure of its answer), by status alone. */
function serviceFailure(error: InsuranceError, ctx: ErrorContext): Response {
  const status = error.status ?? 502;
  const detail = detailOf(error, ctx);
  if (status === 401) return serverCredentialsRefused(error, ctx);
  if (status === 403) {
    // The partner's credentials or permissions, not the borrower's: nothing a browser can fix.
    ctx.logger.error(
      "insurance bff: the service refused the partner's credentials or permissions for this operation",
      detail,
    );
    return upstreamFailure();
  }
  if (status < 400 || status >= 500) {
    ctx.logger.error('insurance bff: the service failed', detail);
    return upstreamFailure();
  }
  ctx.logger.warn('insurance bff: the service refused the request', detail);
  switch (status) {
    case 400:
    case 422:
      return jsonResponse(toErrorBody(new ValidationError([], INVALID)), 400);
    case 404:
      return jsonResponse(toErrorBody(new NotFoundError()), 404);
    case 409:
      return conflict(detail.code, ctx.operation);
    case 429:
      return rateLimited(undefined, RATE_LIMITED);
    default:
      return jsonResponse({ error: { code: 'request_refused', message: REFUSED } }, 400);
  }
}

/**
 * A failure that points at the server's configuration (base URL, credentials, routes): its
 * diagnosis is the one log line, naming what to fix; the browser learns only that the service
 * could not answer, since nothing on the borrower's side can fix it.
 */
function misconfigured(
  diagnosis: ServiceDiagnosis,
  error: InsuranceError,
  ctx: ErrorContext,
): Response {
  const message = `insurance bff: ${diagnosis.message}`;
  const meta = { operation: ctx.operation, code: detailOf(error, ctx).code };
  if (ctx.hints) ctx.hints(diagnosis.key, message, meta);
  else ctx.logger.error(message, meta);
  return upstreamFailure();
}

/** An error the service client threw, answered in the library's words (its own go to the log). */
function fromService(error: InsuranceError, ctx: ErrorContext): Response {
  const diagnosis = serviceDiagnoses.of(error);
  // An unknown outcome keeps its own answer: the browser must not take it for "not done".
  if (diagnosis && !(error instanceof OutcomeUnknownError)) {
    return misconfigured(diagnosis, error, ctx);
  }
  if (error instanceof ValidationError) return invalidInput(error, ctx);
  if (error instanceof RateLimitedError) {
    logWithheld(error, RATE_LIMITED, ctx);
    return rateLimited(error.retryAfterMs, RATE_LIMITED);
  }
  if (error instanceof TimeoutError) return answer(new TimeoutError(), 504, error, ctx);
  if (error instanceof OutcomeUnknownError) {
    return answer(new OutcomeUnknownError(), 502, error, ctx);
  }
  if (error instanceof NetworkError) {
    // The server could not reach the service: `network_error` would tell the borrower to check
    // their own connection, which is fine.
    ctx.logger.error('insurance bff: the service could not be reached', detailOf(error, ctx));
    return upstreamFailure();
  }
  if (error instanceof NotFoundError) return answer(new NotFoundError(), 404, error, ctx);
  if (error instanceof ConsentRequiredError) {
    return answer(new ConsentRequiredError(error.consent), 409, error, ctx);
  }
  if (error instanceof UnauthorizedError) return serverCredentialsRefused(error, ctx);
  return serviceFailure(error, ctx);
}

/** The BFF's own typed errors and the host's: their words are written for borrowers. */
function ownError(error: InsuranceError, ctx: ErrorContext): Response {
  if (error instanceof ValidationError) {
    const capped = new ValidationError(error.issues.slice(0, MAX_ISSUES), error.message);
    return jsonResponse(toErrorBody(capped), 400);
  }
  if (error instanceof RateLimitedError) return rateLimited(error.retryAfterMs, error.message);
  if (error instanceof ServiceError || error instanceof UnauthorizedError) {
    return serviceFailure(error, ctx);
  }
  const status = error instanceof ConsentRequiredError ? (error.status ?? 409) : statusOf(error);
  return jsonResponse(toErrorBody(error), status);
}

function statusOf(error: InsuranceError): number {
  if (error instanceof TimeoutError) return 504;
  if (error instanceof NotFoundError) return 404;
  return 502;
}

/**
 * Turns anything thrown while answering into a response with the shared error body
 * `{ error: { code, message, issues?, consent?, retryAfterSeconds? } }`. The BFF's own refusals
 * and typed errors, and the host's (a `ValidationError` from `prepareApplication`), keep their
 * words. An error the service client threw answers with the library's stable code and text,
 * never the service's: field issues only for fields of the operation's input; an upstream 401,
 * 403 or 5xx, a service that could not be reached, and any failure the service client
 * diagnosed as a setting to fix (logged as such, once a minute per cause with `hints`) as a 502
 * `service_error`; other statuses as `validation_error`, `not_found`,
 * `loan_closed`, `conflict`, `consent_required`, `rate_limited` or `request_refused`. What it
 * said is logged for the lender, redacted. Anything else is a 500 `internal_error` with no
 * message or stack of its own.
 */
export function errorToResponse(error: unknown, ctx: ErrorContext): Response {
  if (error instanceof HttpRefusal) {
    return jsonResponse(toErrorBody(error), error.status ?? 400, { ...error.headers });
  }
  if (error instanceof InsuranceError) {
    return serviceErrors.has(error) ? fromService(error, ctx) : ownError(error, ctx);
  }
  if (error instanceof StoreUnavailableError) {
    ctx.logger.error('insurance bff: the shared store is unavailable', {
      operation: ctx.operation,
    });
    return jsonResponse(
      { error: { code: 'unavailable', message: 'Temporarily unavailable; retry shortly' } },
      503,
      { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
    );
  }
  if (ctx.aborted) {
    return jsonResponse({ error: { code: 'aborted', message: 'The request was aborted' } }, 503);
  }
  ctx.logger.error('insurance bff: unexpected error', {
    operation: ctx.operation,
    error: error instanceof Error ? error.name : typeof error,
  });
  return jsonResponse({ error: { code: 'internal_error', message: 'Internal error' } }, 500);
}
