// A minimal cookie session so the example runs on its own: an unguessable id in an HttpOnly
// cookie, set on the first page load, kept in memory. A real app uses its own auth here:
// getSession returns the signed-in user, and loans belong to users, not to browsers.
import { randomUUID } from 'node:crypto';
import type { Request as ExpressRequest, NextFunction, Response } from 'express';

/** The cookie that carries the session id. */
export const SESSION_COOKIE = 'lir_example_session';

/** What the BFF knows of the borrower making a request. */
export interface Session {
  id: string;
}

// A random UUID (what ensureSession sets); anything else is no session at all.
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sessionFromCookies(cookieHeader: string | null | undefined): Session | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value && SESSION_ID.test(value)) return { id: value };
  }
  return null;
}

/** The request's session, or null (the BFF then answers 401). Reads the web-standard request. */
export function getSession(request: Request): Session | null {
  return sessionFromCookies(request.headers.get('cookie'));
}

/** Express middleware: a page load without a session gets a new one. */
export function ensureSession(req: ExpressRequest, res: Response, next: NextFunction): void {
  const isPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
  if (isPage && !sessionFromCookies(req.headers.cookie)) {
    res.cookie(SESSION_COOKIE, randomUUID(), {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/',
    });
  }
  next();
}
