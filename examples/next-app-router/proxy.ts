import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { newSessionId, SESSION_COOKIE } from './lib/session';

/** Gives a browser that opens a page without a session a new one (see lib/session.ts). */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  if (!request.cookies.has(SESSION_COOKIE)) {
    response.cookies.set(SESSION_COOKIE, newSessionId(), {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.nextUrl.protocol === 'https:',
      path: '/',
    });
  }
  return response;
}

// Pages only: the BFF and the webhook receiver never mint sessions.
export const config = { matcher: ['/', '/quotes/:path*'] };
