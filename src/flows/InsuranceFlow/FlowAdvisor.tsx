import { CallScheduler, TcpaConsentCheckbox } from '../../components/index.js';
import { useQuoteDisplay, useTcpaConsent } from '../../hooks/index.js';
import type { FlowPartProps } from './FlowPartProps.js';
import { FlowSection } from './FlowSection.js';

/**
 * Talking to an advisor: the TCPA consent, then "call me now" (within advisor hours) or a call
 * booked for later. Offered with the quotes and whenever quoting online is not enough.
 */
export function FlowAdvisor({ flow, t, settings }: FlowPartProps) {
  const loanId = flow.loanId ?? '';
  const { selectedQuote } = useQuoteDisplay(loanId);
  const { recorded } = useTcpaConsent(loanId);
  const borrower = flow.loan?.borrowers?.find((b) => b.isPrimary);
  const { lenderName, tcpaTermsOfServiceId, advisorHours, timeZone } = settings;
  return (
    <FlowSection slot="advisor" title={t('advisorTitle')}>
      <p>
        {selectedQuote
          ? t('advisorPicked', { carrier: selectedQuote.carrierName ?? '' })
          : flow.step === 'quotes'
            ? t('advisorPickFirst')
            : t('advisorLead')}
      </p>
      <TcpaConsentCheckbox
        loanId={loanId}
        lenderName={lenderName}
        termsOfServiceId={tcpaTermsOfServiceId}
        {...(borrower?.email ? { email: borrower.email } : {})}
        {...(borrower?.phone ? { phone: borrower.phone } : {})}
        onRecorded={() => flow.track('TCPA_CONSENT_RECORDED')}
      />
      {recorded === true && (
        <CallScheduler
          loanId={loanId}
          lenderName={lenderName}
          termsOfServiceId={tcpaTermsOfServiceId}
          {...(borrower?.phone ? { phone: borrower.phone } : {})}
          {...(advisorHours ? { advisorHours } : {})}
          {...(timeZone ? { timeZone } : {})}
          onCalled={() => flow.track('CALL_REQUESTED')}
          onScheduled={() => flow.track('CALL_SCHEDULED')}
        />
      )}
    </FlowSection>
  );
}
