import type { Policy, PolicyDocument } from '../core/schemas/policy.js';
import { asInsuranceError } from './asInsuranceError.js';
import { EMPTY } from './EMPTY.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { insuranceQueries } from './insuranceQueries.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useQueryState } from './useQueryState.js';

/** Options of {@link PolicyState.getDocumentUrl}. */
export interface DocumentUrlOptions {
  /**
   * Read the policy again even if the URL looks fresh, e.g. after the storage refused it as
   * expired (U6).
   */
  refresh?: boolean;
}

/** What {@link usePolicy} returns. */
export interface PolicyState extends InsuranceQueryState<Policy> {
  /** The documents whose URL is safe to open; the others are dropped (U13). */
  documents: readonly PolicyDocument[];
  /**
   * A URL to open the document with now. Signed URLs expire within minutes: when the one in
   * hand is expired or expires within 30 s, the policy is read again first (U7), at most once
   * per call, so a service that keeps answering stale URLs gives an error, not a loop (U6).
   *
   * @throws {NotFoundError} for an unknown document; `ServiceError` `document_url_expired`
   *   when even the fresh answer is expired; the read's own typed errors.
   */
  getDocumentUrl(documentId: string, options?: DocumentUrlOptions): Promise<string>;
}

/**
 * A bound or retrieved policy and its documents.
 *
 * @example
 * const { data: policy, documents, getDocumentUrl } = usePolicy(policyId);
 * return documents.map((doc) => (
 *   <button key={doc.id} onClick={async () => window.open(await getDocumentUrl(doc.id), '_blank', 'noopener')}>
 *     {doc.name}
 *   </button>
 * ));
 */
export function usePolicy(policyId: string | null | undefined): PolicyState {
  const { adapter, queryClient } = useInsuranceContext('usePolicy');
  const options = insuranceQueries(adapter).policy(policyId ?? '');
  const query = useQueryState(options, !!policyId);
  return {
    ...query,
    documents: query.data?.documents ?? EMPTY,
    getDocumentUrl: (documentId, { refresh = false } = {}) =>
      asInsuranceError(async () =>
        (await import('./deferredHooks.js')).policyDocuments.url(
          queryClient,
          options,
          documentId,
          refresh,
        ),
      ),
  };
}
