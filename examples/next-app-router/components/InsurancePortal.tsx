'use client';

import type { LoanApplicationFormValues } from 'lender-insurance-react';
import { InsuranceFlow } from 'lender-insurance-react';
import Link from 'next/link';
import { useState } from 'react';
import { LENDER_NAME, TCPA_TERMS_ID, TERMS_ID } from '@/lib/lender';

/** Props of {@link InsurancePortal}. */
export interface InsurancePortalProps {
  /** The application to resume (from the page's URL), if any. */
  loanId?: string;
  /** What the lender knows, to fill in a new application. */
  applicationDefaults: Partial<LoanApplicationFormValues>;
}

/**
 * The library's drop-in flow: the application form, then shopping or sharing a policy, to
 * "You're covered". The callbacks need a client component; the page around it is a Server
 * Component.
 */
export function InsurancePortal({ loanId: resumed, applicationDefaults }: InsurancePortalProps) {
  const [loanId, setLoanId] = useState(resumed);
  const [chosen, setChosen] = useState(false);
  return (
    <>
      <InsuranceFlow
        {...(resumed ? { loanId: resumed } : {})}
        lenderName={LENDER_NAME}
        termsOfServiceId={TERMS_ID}
        tcpaTermsOfServiceId={TCPA_TERMS_ID}
        applicationDefaults={applicationDefaults}
        lockedFields={['loanNumber']}
        onApplicationCreated={(loan) => {
          setLoanId(loan.id);
          // Kept in the URL, so a reload (or the quotes page's way back) resumes this application.
          // The BFF still checks that it belongs to this session.
          window.history.replaceState(null, '', `/?loan=${encodeURIComponent(loan.id)}`);
        }}
        onEvent={(event) => {
          if (event.name === 'QUOTE_SELECTED') setChosen(true);
        }}
      />
      {loanId && chosen && (
        <p>
          <Link href={`/quotes/${loanId}`}>See your quotes again later</Link>
        </p>
      )}
    </>
  );
}
