import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/index.js';
import {
  InsuranceProvider,
  useCallMeNow,
  useCreateLoanApplication,
  useLoanEvents,
  useLoanPolicies,
  usePolicy,
  usePolicyRetrieval,
  useQuoteDisplay,
  useScheduleCall,
  useSelectQuote,
  useShop,
  useTcpaConsent,
} from '../../src/hooks/index.js';
import { setupSandbox } from '../support/insuranceHarness.js';

function Everything({ loanId }: { loanId: string }) {
  const shop = useShop(loanId, { autoStart: true });
  const display = useQuoteDisplay(loanId);
  useSelectQuote(loanId);
  useTcpaConsent(loanId);
  useScheduleCall(loanId);
  useCallMeNow(loanId);
  useCreateLoanApplication();
  const events = useLoanEvents(loanId);
  const { policyIds } = useLoanPolicies(loanId);
  const policy = usePolicy(policyIds[0]);
  const retrieval = usePolicyRetrieval(loanId, { autoStart: true });
  return (
    <p data-state={shop.phase}>
      {`${display.quotes.length} ${events.connection} ${policy.documents.length} ${retrieval.phase}`}
    </p>
  );
}

describe('server rendering', () => {
  it('renders a tree using the hooks to a string, sending nothing and starting nothing', async () => {
    const env = setupSandbox();
    const html = renderToString(
      <InsuranceProvider adapter={createHttpAdapter()}>
        <Everything loanId="ln_1" />
      </InsuranceProvider>,
    );
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('0 closed 0 idle');
    await new Promise((r) => setTimeout(r, 20));
    expect(env.requests).toEqual([]);
  });
});
