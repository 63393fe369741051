import { hostedPageCsp } from './hostedPageCsp.js';

/**
 * Wraps an HTML document in a `Response` with security headers (`Content-Type`,
 * `Cache-Control: no-store`, `X-Content-Type-Options`, `Referrer-Policy`, CSP). Entries of
 * `headers` are added on top and replace defaults of the same name.
 */
export function htmlResponse(html: string, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': hostedPageCsp(),
  });
  if (headers) {
    new Headers(headers).forEach((value, name) => {
      merged.set(name, value);
    });
  }
  return new Response(html, { status, headers: merged });
}
