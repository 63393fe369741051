import { isSafeLinkUrl } from '../../core/isSafeLinkUrl.js';
import type { DocumentHostRefusal, DocumentLinkRule } from './DocumentLinkRule.js';

/** Why a service URL was kept from the browser, with only its host (the URL may be signed). */
export interface UnsafeUrl {
  /** The URL's host (with its port, if not the scheme's), or `null` when it has none. */
  host: string | null;
  /**
   * `unsafe`: not `https:` (nor `http:` on loopback), or credentials in it; for a document link
   * also `not_public` or `not_in_document_hosts` (see {@link DocumentHostRefusal}).
   */
  reason: 'unsafe' | DocumentHostRefusal;
}

function hostOf(raw: string): string | null {
  try {
    return new URL(raw).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * Checks a URL from the service that a browser may follow: `null` when it is safe, else why not.
 * With `documents` (a document link) its host must also pass that rule.
 */
export function checkServiceUrl(raw: string, documents?: DocumentLinkRule): UnsafeUrl | null {
  if (!isSafeLinkUrl(raw)) return { host: hostOf(raw), reason: 'unsafe' };
  if (documents === undefined) return null;
  const url = new URL(raw);
  const reason = documents.refusal(url);
  return reason === null ? null : { host: url.host, reason };
}
