import { isLoopbackHost } from './isLoopbackHost.js';

/**
 * Whether a document URL may reach the browser: `https:` (plain `http:` only on a loopback
 * host), no credentials in it, and on one of `hosts` when given. `javascript:`, `data:` and
 * anything unparsable are refused.
 */
export function isSafeDocumentUrl(raw: unknown, hosts?: readonly string[]): boolean {
  if (typeof raw !== 'string') return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  if (hosts && !hosts.some((h) => h.toLowerCase() === host)) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(host);
}
