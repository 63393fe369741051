import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import type { Policy } from '../../core/schemas/policy.js';

/**
 * The policy with only the documents whose signed URL is safe to hand to a browser (see
 * {@link isSafeDocumentUrl}), and how many were dropped. The URLs themselves are never logged:
 * they are bearer credentials until they expire.
 */
export function filterPolicyDocuments(
  policy: Policy,
  hosts?: readonly string[],
): { policy: Policy; dropped: number } {
  const documents = Array.isArray(policy.documents) ? policy.documents : [];
  const kept = documents.filter((doc) => isSafeDocumentUrl(doc.url, hosts));
  return { policy: { ...policy, documents: kept }, dropped: documents.length - kept.length };
}
