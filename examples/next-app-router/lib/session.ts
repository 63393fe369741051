// A minimal cookie session so the example runs on its own: an unguessable id in an HttpOnly
// cookie, set on the first page load (proxy.ts), kept in memory. A real app uses its own auth
// here: getSession returns the signed-in user, and loans belong to users, not to browsers.

/** The cookie that carries the session id. */
export const SESSION_COOKIE = 'lir_example_session';

/** What the BFF knows of the borrower making a request. */
export interface Session {
  id: string;
}

// A random UUID (what newSessionId makes); anything else is no session at all.
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh session id for a browser that has none. */
export function newSessionId(): string {
  return crypto.randomUUID();
}

/** The request's session, or null (the BFF then answers 401). */
export function getSession(request: Request): Session | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value && SESSION_ID.test(value)) return { id: value };
  }
  return null;
}
