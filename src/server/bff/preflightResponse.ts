import { matchOperation } from '../../core/matchOperation.js';
import { HttpRefusal } from './HttpRefusal.js';
import { notFound } from './resolveRoute.js';

/** How long a browser may reuse a preflight answer, in seconds. */
const MAX_AGE_SECONDS = '600';

/**
 * Answers an `OPTIONS` request for a BFF path: 404 for a path the table does not have; without
 * an `Origin`, 204 with `Allow`; from an allowed origin, 204 with the exact origin, credentials,
 * the path's methods and the headers the adapter sends; from any other origin, 403 without any
 * `Access-Control-Allow-*` header, so the browser blocks the real request.
 */
export function preflightResponse(
  request: Request,
  path: string,
  allowedOrigins: readonly string[],
  csrfHeaderName: string,
): Response {
  // No row takes OPTIONS, so this yields the path's methods, or not_found.
  const match = matchOperation('bff', 'OPTIONS', path);
  if (match.kind !== 'method_not_allowed') throw notFound();
  const methods = match.allow.join(', ');
  const origin = request.headers.get('origin');
  if (origin === null) {
    return new Response(null, { status: 204, headers: { Allow: `${methods}, OPTIONS` } });
  }
  if (!allowedOrigins.includes(origin)) {
    throw new HttpRefusal(403, 'forbidden', 'Requests from this origin are not allowed', {
      Vary: 'Origin',
    });
  }
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Methods': methods,
      'Access-Control-Allow-Headers': `Content-Type, ${csrfHeaderName}, Idempotency-Key, Last-Event-ID`,
      'Access-Control-Max-Age': MAX_AGE_SECONDS,
      Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    },
  });
}
