import { useId, useState } from 'react';
import { useRecordConsent } from '../../hooks/index.js';
import type { FlowPartProps } from './FlowPartProps.js';

/** The shopping terms: agreeing records the consent, then quoting starts. */
export function FlowConsent({ flow, t, settings }: FlowPartProps) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  const { record, isPending, error } = useRecordConsent();
  const borrower = flow.loan?.borrowers?.find((b) => b.isPrimary);
  const loanId = flow.loanId;
  return (
    <form
      data-slot="consent"
      aria-label={t('consentTitle')}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!loanId) return;
        const recorded = await record({
          id: loanId,
          termsOfServiceId: settings.termsOfServiceId,
          ...(borrower?.email ? { email: borrower.email } : {}),
          ...(borrower?.phone ? { phone: borrower.phone } : {}),
        });
        if (recorded) flow.consentRecorded();
      }}
    >
      <div data-slot="check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
          aria-describedby={`${id}-disclosure`}
        />
        <label htmlFor={id}>{t('consentLabel')}</label>
      </div>
      <p id={`${id}-disclosure`} data-slot="disclosure">
        {t('consentDisclosure', { lenderName: settings.lenderName })}
      </p>
      {error && (
        <p data-slot="error" role="alert">
          {t('consentError')}
        </p>
      )}
      <button type="submit" disabled={!checked || isPending}>
        {isPending ? t('consentSaving') : t('consentSubmit')}
      </button>
    </form>
  );
}
