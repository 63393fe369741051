import { QuoteCards, ShopProgress } from '../../components/index.js';
import { FlowAdvisor } from './FlowAdvisor.js';
import { FlowElsewhere } from './FlowElsewhere.js';
import { FlowHostedLink } from './FlowHostedLink.js';
import type { FlowPartProps } from './FlowPartProps.js';

/**
 * Shopping: quoting's progress, then the quotes and an advisor; when quoting fails, every other
 * way forward (an advisor, an existing policy, the service's own page) besides trying again.
 */
export function FlowShopping(part: FlowPartProps) {
  const { flow, t } = part;
  const loanId = flow.loanId ?? '';
  const failed = flow.step === 'quotingFailed';
  return (
    <>
      {failed && <p data-slot="lead">{t('quotingFailedLead')}</p>}
      <ShopProgress loanId={loanId} autoStart={flow.step === 'quoting'} />
      {flow.step === 'quotes' && (
        <QuoteCards
          loanId={loanId}
          onSelect={(quoteId) => flow.track('QUOTE_SELECTED', { quoteId })}
          onContinue={(quoteId) => flow.track('AGENT_BRIDGE_OPENED', { quoteId })}
        />
      )}
      {flow.step !== 'quoting' && <FlowAdvisor {...part} />}
      {flow.step !== 'quoting' && (
        <div data-slot="other-ways">
          <button
            type="button"
            data-variant="secondary"
            onClick={() => flow.choosePath('existing')}
          >
            {t('existingLink')}
          </button>
          <FlowHostedLink {...part} />
        </div>
      )}
      <FlowElsewhere {...part} />
    </>
  );
}
