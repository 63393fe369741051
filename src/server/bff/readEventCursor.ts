import { HttpRefusal } from './HttpRefusal.js';

// Stream ids of the memory store are counters; Redis stream ids look like `1700000000000-0`.
const CURSOR = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * The cursor a browser resumes from: `Last-Event-ID` (sent by `EventSource` on reconnect), else
 * `?after=`, else null (the whole backlog).
 *
 * @throws {HttpRefusal} 400 for a malformed cursor.
 */
export function readEventCursor(request: Request, url: URL): string | null {
  const cursor = request.headers.get('last-event-id') ?? url.searchParams.get('after');
  if (cursor === null || cursor === '') return null;
  if (!CURSOR.test(cursor))
    throw new HttpRefusal(400, 'invalid_cursor', 'The event cursor is malformed');
  return cursor;
}
