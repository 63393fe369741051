import { isSafeLinkUrl } from './isSafeLinkUrl.js';

/**
 * Whether a document URL may reach the browser: a safe link (see {@link isSafeLinkUrl}) and, when
 * `hosts` is given, on one of them. An empty `hosts` lets no URL through: signed document links
 * are bearer credentials, so "no host configured" never means "any host".
 */
export function isSafeDocumentUrl(raw: unknown, hosts?: readonly string[]): boolean {
  if (!isSafeLinkUrl(raw)) return false;
  if (hosts === undefined) return true;
  const host = new URL(raw as string).hostname.toLowerCase();
  return hosts.some((h) => h.toLowerCase() === host);
}
