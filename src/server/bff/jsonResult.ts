import type { StoredResult } from './createWriteJournal.js';

/** A JSON answer as the write journal keeps it (security headers come with every response). */
export function jsonResult(
  body: unknown,
  status = 200,
  headers?: Record<string, string>,
): StoredResult {
  return {
    status,
    body: JSON.stringify(body),
    contentType: 'application/json; charset=utf-8',
    ...(headers ? { headers } : {}),
  };
}
