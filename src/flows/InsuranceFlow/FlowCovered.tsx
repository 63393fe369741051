import type { FlowPartProps } from './FlowPartProps.js';
import { FlowPolicies } from './FlowPolicies.js';

/** "You're covered": the end, with the policies and their documents. */
export function FlowCovered(part: FlowPartProps) {
  const { flow, t, settings } = part;
  const { lenderName } = settings;
  return (
    <>
      <p data-slot="lead">
        {flow.policyIds.length > 0
          ? t('coveredLead', { lenderName })
          : t('coveredNoDetails', { lenderName })}
      </p>
      <FlowPolicies {...part} />
    </>
  );
}
