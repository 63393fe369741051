import { PolicyDocuments } from '../../components/index.js';
import type { FlowPartProps } from './FlowPartProps.js';

/** The loan's bound and retrieved policies, each with its documents. */
export function FlowPolicies({ flow, t }: FlowPartProps) {
  if (flow.policyIds.length === 0) return null;
  return (
    <ul data-slot="policies" aria-label={t('policiesLabel')}>
      {flow.policyIds.map((policyId) => (
        <li key={policyId}>
          <PolicyDocuments policyId={policyId} />
        </li>
      ))}
    </ul>
  );
}
