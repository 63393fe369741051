import type { QueryClient } from '@tanstack/react-query';
import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';
import { NotFoundError } from '../core/errors/NotFoundError.js';
import { ServiceError } from '../core/errors/ServiceError.js';
import { isSafeDocumentUrl } from '../core/isSafeDocumentUrl.js';
import type { Policy } from '../core/schemas/policy.js';
import type { InsuranceQueries } from './insuranceQueries.js';
import { urlExpiresSoon } from './urlExpiresSoon.js';

/**
 * Reading a policy and opening its documents: loaded with the first policy shown, not with the
 * hooks (most pages never show one).
 */
export const policyDocuments = {
  /**
   * The policy with only the documents whose URL is safe to open (`https:`, no credentials): a
   * `javascript:` or `data:` URL never reaches the cache, let alone a link (U13).
   */
  async read(adapter: InsuranceAdapter, policyId: string, signal: AbortSignal): Promise<Policy> {
    const policy = await adapter.getPolicy(policyId, { signal });
    return { ...policy, documents: policy.documents.filter((d) => isSafeDocumentUrl(d.url)) };
  },

  /**
   * A URL to open a document with now: the cached one unless it is expired or expires within
   * 30 s (U7) or `refresh` is asked (the storage refused it, U6), in which case the policy is
   * read again, once.
   *
   * @throws {NotFoundError} for an unknown document; {@link ServiceError}
   *   `document_url_expired` when even the fresh answer is expired (no loop).
   */
  async url(
    client: QueryClient,
    policy: ReturnType<InsuranceQueries['policy']>,
    documentId: string,
    refresh: boolean,
  ): Promise<string> {
    const read = async (again: boolean) => {
      const { documents } = await (again
        ? client.fetchQuery(policy)
        : client.ensureQueryData(policy));
      const document = documents.find((d) => d.id === documentId);
      if (!document) throw new NotFoundError('The document is not available');
      return document.url;
    };
    let url = await read(refresh);
    if (!refresh && urlExpiresSoon(url)) url = await read(true);
    if (urlExpiresSoon(url)) {
      throw new ServiceError(403, 'document_url_expired', 'The document link expired; try again');
    }
    return url;
  },
};
