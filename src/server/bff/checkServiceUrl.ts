import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { isSafeLinkUrl } from '../../core/isSafeLinkUrl.js';

/** Why a service URL was kept from the browser, with only its host (the URL may be signed). */
export interface UnsafeUrl {
  /** The URL's host, or `null` when it has none (`javascript:`, unparsable). */
  host: string | null;
  /**
   * `unsafe`: not `https:` (nor `http:` on loopback), or credentials in it; `host_not_allowed`:
   * a document link on a host outside `documentHosts`, which a lender can add.
   */
  reason: 'unsafe' | 'host_not_allowed';
}

function hostOf(raw: string): string | null {
  try {
    return new URL(raw).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * Checks a URL from the service that a browser may follow: `null` when it is safe, else why not.
 * With `hosts` (document links) it must also be on one of them; an empty list allows none.
 */
export function checkServiceUrl(raw: string, hosts?: readonly string[]): UnsafeUrl | null {
  if (!isSafeLinkUrl(raw)) return { host: hostOf(raw), reason: 'unsafe' };
  if (hosts !== undefined && !isSafeDocumentUrl(raw, hosts)) {
    return { host: hostOf(raw), reason: 'host_not_allowed' };
  }
  return null;
}
