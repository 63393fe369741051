import { ConsentRequiredError } from './ConsentRequiredError.js';
import type { InsuranceError } from './InsuranceError.js';
import { NetworkError } from './NetworkError.js';
import { NotFoundError } from './NotFoundError.js';
import { OutcomeUnknownError } from './OutcomeUnknownError.js';
import { parseRetryAfter } from './parseRetryAfter.js';
import { RateLimitedError } from './RateLimitedError.js';
import { ServiceError } from './ServiceError.js';
import { TimeoutError } from './TimeoutError.js';
import { UnauthorizedError } from './UnauthorizedError.js';
import type { FieldIssue } from './ValidationError.js';
import { ValidationError } from './ValidationError.js';

/** What {@link errorFromResponse} needs of an error response. */
export interface ErrorResponseParts {
  status: number;
  /** The raw body text: JSON (ours, or another shape) or plain text. */
  body: string;
  /** The `Retry-After` header, if any. */
  retryAfter?: string | null;
}

interface LooseErrorBody {
  code?: unknown;
  message?: unknown;
  issues?: unknown;
  consent?: unknown;
  retryAfterSeconds?: unknown;
}

function readBody(text: string): LooseErrorBody {
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object') {
      const inner = (json as { error?: unknown }).error;
      return inner && typeof inner === 'object'
        ? (inner as LooseErrorBody)
        : (json as LooseErrorBody);
    }
  } catch {
    // plain-text body, e.g. "Rate limit exceeded"
  }
  return { message: text.trim().slice(0, 200) || undefined };
}

function readIssues(raw: unknown): FieldIssue[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i) =>
    i && typeof i === 'object' && typeof i.message === 'string'
      ? [{ path: typeof i.path === 'string' ? i.path : '', message: i.message }]
      : [],
  );
}

/**
 * Turns an error response (JSON in our shape, JSON in another shape, or plain text) into the
 * matching typed error. Unknown shapes become a {@link ServiceError} carrying the status.
 */
export function errorFromResponse(parts: ErrorResponseParts, now = Date.now()): InsuranceError {
  const body = readBody(parts.body);
  // Whatever the shape, an upstream message is kept short: it is shown, logged and relayed.
  const message = typeof body.message === 'string' ? body.message.slice(0, 200) : undefined;
  const code = typeof body.code === 'string' ? body.code : undefined;
  const { status } = parts;
  // Our own codes (from a BFF or the sandbox) say more than the status does.
  switch (code) {
    case 'consent_required':
      return new ConsentRequiredError(
        body.consent === 'consent' ? 'consent' : 'tcpa',
        message,
        status,
      );
    case 'timeout':
      return new TimeoutError(message);
    case 'network_error':
      return new NetworkError(message);
    case 'outcome_unknown':
      return new OutcomeUnknownError(message);
  }
  switch (status) {
    case 400:
    case 422: {
      const issues = readIssues(body.issues);
      if (issues.length > 0 || code === 'validation_error')
        return new ValidationError(issues, message);
      break;
    }
    case 401:
      return new UnauthorizedError(message);
    case 404:
      return new NotFoundError(message);
    case 429: {
      const fromBody =
        typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds >= 0
          ? body.retryAfterSeconds * 1000
          : undefined;
      return new RateLimitedError(parseRetryAfter(parts.retryAfter, now) ?? fromBody, message);
    }
  }
  return new ServiceError(
    status,
    code ?? `http_${status}`,
    message ?? `Request failed with status ${status}`,
  );
}
