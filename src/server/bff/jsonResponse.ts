import { knownBodies } from '../http/knownBodies.js';

/** A JSON response (security headers are added by the handler, for every response alike). */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return knownBodies.response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}
