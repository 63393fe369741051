import { toErrorBody } from '../../core/errors/errorBody.js';
import type { InsuranceError } from '../../core/errors/InsuranceError.js';

/** A JSON response. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The sandbox's JSON error response for a typed error (see `toErrorBody`). */
export function errorResponse(error: InsuranceError, headers?: Record<string, string>): Response {
  return json(toErrorBody(error), error.status ?? 500, headers);
}
