import { FlowAdvisor } from './FlowAdvisor.js';
import { FlowHostedLink } from './FlowHostedLink.js';
import type { FlowPartProps } from './FlowPartProps.js';
import { FlowPolicies } from './FlowPolicies.js';

/** Every policy is cancelled or expired: what happened, and the ways to a policy in force. */
export function FlowLapsed(part: FlowPartProps) {
  const { flow, t, settings } = part;
  return (
    <>
      <p data-slot="lead">{t('lapsedLead', { lenderName: settings.lenderName })}</p>
      <FlowPolicies {...part} />
      <FlowAdvisor {...part} />
      <div data-slot="other-ways">
        <button type="button" data-variant="secondary" onClick={() => flow.choosePath('existing')}>
          {t('existingLink')}
        </button>
        <FlowHostedLink {...part} />
      </div>
    </>
  );
}
