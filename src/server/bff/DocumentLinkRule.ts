/**
 * Why a document link (already a safe link: `https:`, no credentials) was kept from the browser:
 * `not_public`, its host is loopback, private, link-local, an IP literal or an intranet name
 * while the service is not local; `not_in_document_hosts`, `documentHosts` pins other hosts.
 */
export type DocumentHostRefusal = 'not_public' | 'not_in_document_hosts';

/**
 * Which hosts may serve the documents the BFF passes to the browser, resolved once by
 * `createInsuranceBff` (see `resolveDocumentLinkRule`).
 */
export interface DocumentLinkRule {
  /** The `documentHosts` entries it is pinned to, or `null`: any public host. */
  readonly pinned: readonly string[] | null;
  /** Whether local hosts may serve documents too: the service itself is local (a sandbox). */
  readonly local: boolean;
  /** Why `url`, a safe link, may not be a document link; `null` when it may. */
  refusal(url: URL): DocumentHostRefusal | null;
}
