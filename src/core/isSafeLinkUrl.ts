import { isLoopbackHost } from './isLoopbackHost.js';

/**
 * Whether a URL from the service may become a link a browser follows: `https:` (plain `http:`
 * only on a loopback host, where a sandbox runs), with no credentials in it. `javascript:`,
 * `data:`, relative and unparsable URLs are refused.
 */
export function isSafeLinkUrl(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}
