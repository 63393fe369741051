import { ConsentRequiredError } from '../../core/errors/ConsentRequiredError.js';
import { toErrorBody } from '../../core/errors/errorBody.js';
import { InsuranceError } from '../../core/errors/InsuranceError.js';
import { NetworkError } from '../../core/errors/NetworkError.js';
import { NotFoundError } from '../../core/errors/NotFoundError.js';
import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { UnauthorizedError } from '../../core/errors/UnauthorizedError.js';
import { ValidationError } from '../../core/errors/ValidationError.js';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';
import { HttpRefusal } from './HttpRefusal.js';
import type { BffLogger } from './InsuranceBffOptions.js';
import { jsonResponse } from './jsonResponse.js';

/** Field issues sent back at most: a hostile 10^5-item array must not become a 10 MB answer. */
export const MAX_ISSUES = 20;
/** The longest wait passed on to a browser (R9: an upstream's huge Retry-After is not). */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** `Retry-After` while the shared store is unreachable. */
const STORE_RETRY_AFTER_SECONDS = 5;
/** `Retry-After` when the service said 429 without saying how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;
const SAFE_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** What {@link errorToResponse} needs to know about the request that failed. */
export interface ErrorContext {
  logger: BffLogger;
  operation?: string;
  /** The browser went away: nobody reads the answer, and it is not a server fault. */
  aborted?: boolean;
}

const clip = (s: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
  s.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200);

const upstreamFailure = () =>
  jsonResponse(
    { error: { code: 'service_error', message: 'The insurance service could not answer' } },
    502,
  );

/**
 * Turns anything thrown while answering into a response with the shared error body. Typed errors
 * keep their code; an upstream 5xx becomes a generic 502 (its text may be internal); anything
 * else becomes a 500 `internal_error` with no message or stack of its own.
 */
export function errorToResponse(error: unknown, ctx: ErrorContext): Response {
  if (error instanceof HttpRefusal) {
    return jsonResponse(toErrorBody(error), error.status ?? 400, { ...error.headers });
  }
  if (error instanceof ValidationError) {
    const capped = new ValidationError(error.issues.slice(0, MAX_ISSUES), error.message);
    return jsonResponse(toErrorBody(capped), 400);
  }
  if (error instanceof RateLimitedError) {
    const seconds =
      error.retryAfterMs === undefined
        ? DEFAULT_RETRY_AFTER_SECONDS
        : Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
    const body = toErrorBody(new RateLimitedError(seconds * 1000, clip(error.message)));
    return jsonResponse(body, 429, { 'Retry-After': String(seconds) });
  }
  if (error instanceof TimeoutError) return jsonResponse(toErrorBody(error), 504);
  if (error instanceof NetworkError) return jsonResponse(toErrorBody(error), 502);
  if (error instanceof NotFoundError) return jsonResponse(toErrorBody(error), 404);
  if (error instanceof ConsentRequiredError) {
    return jsonResponse(toErrorBody(error), error.status ?? 409);
  }
  if (error instanceof UnauthorizedError) {
    // The browser's session is checked before any upstream call, so a 401 here is about the
    // server's own credentials: a 401 to the browser would wrongly send the user to sign in.
    ctx.logger.error('insurance bff: the service refused the server credentials', {
      operation: ctx.operation,
    });
    return upstreamFailure();
  }
  if (error instanceof ServiceError) {
    const status = error.status ?? 502;
    if (status >= 500 || status < 400) return upstreamFailure();
    const code = SAFE_CODE.test(error.serviceCode) ? error.serviceCode : `http_${status}`;
    return jsonResponse({ error: { code, message: clip(error.message) } }, status);
  }
  if (error instanceof InsuranceError) {
    const status = error.status ?? 502;
    if (status >= 500 || status < 400) return upstreamFailure();
    return jsonResponse({ error: { code: error.code, message: clip(error.message) } }, status);
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
