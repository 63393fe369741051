import { HttpRefusal } from './HttpRefusal.js';

/** What {@link checkRequestOrigin} compares a request with. */
export interface OriginPolicy {
  allowedOrigins: readonly string[];
  csrfHeader: { name: string; value: string };
}

const forbidden = (message: string) => new HttpRefusal(403, 'forbidden', message);

/**
 * Refuses requests a browser sent on behalf of another site (403): `Sec-Fetch-Site: cross-site`
 * or an `Origin` that is neither this one nor an allowed one, and, on anything but GET and HEAD,
 * a missing or wrong CSRF header. A custom header cannot be sent cross-origin without a
 * preflight, which only allowed origins pass.
 */
export function checkRequestOrigin(request: Request, url: URL, policy: OriginPolicy): void {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const allowed = origin !== null && policy.allowedOrigins.includes(origin);
  if (!allowed) {
    if (site === 'cross-site') throw forbidden('Cross-site requests are not allowed');
    // A browser that says `same-origin` vouches for it even when a proxy changed the URL the
    // server sees; otherwise the Origin must be this one.
    if (origin !== null && origin !== url.origin && site !== 'same-origin') {
      throw forbidden('Requests from this origin are not allowed');
    }
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (request.headers.get(policy.csrfHeader.name) !== policy.csrfHeader.value) {
      throw forbidden(`The ${policy.csrfHeader.name} header is required`);
    }
  }
}
