import { useInsuranceContext, usePolicy } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import { lazyPolicyDocuments } from './lazyPolicyDocuments.js';

const { Component: PolicyDocumentsBody } = lazyPolicyDocuments;

/** Props of {@link PolicyDocuments}. */
export interface PolicyDocumentsProps {
  policyId: string;
  /** Added to the root's classes. */
  className?: string;
}

/** What {@link PolicyDocuments} shows, as its root's `data-state`. */
export type PolicyDocumentsState =
  | 'loading'
  | 'errored'
  | 'empty'
  | 'ready'
  | 'opening'
  | 'expired'
  | 'open-failed';

/**
 * A bound or retrieved policy: where it stands (cancelled, cancelling, expired, upcoming or in
 * force, from its dates), its summary (the service's own status shown as sent), its coverages,
 * and a button per document. A document is opened with a freshly signed URL in a new tab; signed
 * URLs are never put in the page, so nothing stale is left to click or copy. `data-state`:
 * `loading` | `errored` | `empty` | `ready` | `opening` | `expired` | `open-failed`.
 * Its code is a chunk of its own, fetched when it first renders (or on
 * {@link preloadPolicyDocuments}); until it arrives, its root stands in, empty, `loading` and
 * `aria-busy`. It is its own Suspense boundary: a host needs none.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * @example
 * <PolicyDocuments policyId={policyId} />
 */
export function PolicyDocuments(props: PolicyDocumentsProps) {
  useInsuranceContext('PolicyDocuments');
  // Fetched while the code loads (the content reads the same query).
  usePolicy(props.policyId);
  return (
    <SuspenseRoot className={cx('lir-root lir-PolicyDocuments', props.className)} minHeight="5rem">
      <PolicyDocumentsBody {...props} />
    </SuspenseRoot>
  );
}
