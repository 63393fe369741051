'use client';

import type { Loan } from 'lender-insurance-react';
import {
  PolicyRetrievalLauncher,
  QuoteCards,
  ShopProgress,
  TcpaConsentCheckbox,
  useCreateLoanApplication,
  useQuoteDisplay,
  useRecordConsent,
} from 'lender-insurance-react';
import Link from 'next/link';
import { useId, useState } from 'react';
import { LENDER_NAME, sampleApplication, TCPA_TERMS_ID, TERMS_ID } from '@/lib/lender';

/** One borrower flow: apply, consent, get quotes, choose one (or share an existing policy). */
export function InsurancePortal() {
  const [loan, setLoan] = useState<Loan>();
  return (
    <>
      <Application loan={loan} onCreated={setLoan} />
      {loan && <Shopping loan={loan} />}
    </>
  );
}

function Application({ loan, onCreated }: { loan?: Loan; onCreated: (loan: Loan) => void }) {
  const { create, isPending, error } = useCreateLoanApplication();
  return (
    <section aria-labelledby="application-heading">
      <h2 id="application-heading">1. Your application</h2>
      {loan ? (
        <p role="status">Application {loan.loanNumber} received.</p>
      ) : (
        <>
          <p>
            We use the details of your mortgage application for Avery Jordan, 2400 Lake Austin Blvd,
            Austin, TX, to ask our insurance partner for quotes.
          </p>
          {error && <p role="alert">{error.message}</p>}
          <button
            type="button"
            disabled={isPending}
            onClick={async () => {
              const created = await create(sampleApplication());
              if (created) onCreated(created);
            }}
          >
            {isPending ? 'Submitting…' : 'Start my insurance application'}
          </button>
        </>
      )}
    </section>
  );
}

function Shopping({ loan }: { loan: Loan }) {
  const [agreed, setAgreed] = useState(false);
  const [chosen, setChosen] = useState(false);
  const { selectedQuote } = useQuoteDisplay(loan.id);
  const borrower = loan.borrowers?.find((b) => b.isPrimary);
  return (
    <>
      <section aria-labelledby="consent-heading">
        <h2 id="consent-heading">2. Consent</h2>
        <ShoppingConsent loan={loan} done={agreed} onDone={() => setAgreed(true)} />
        <TcpaConsentCheckbox
          loanId={loan.id}
          lenderName={LENDER_NAME}
          termsOfServiceId={TCPA_TERMS_ID}
          {...(borrower?.email ? { email: borrower.email } : {})}
          {...(borrower?.phone ? { phone: borrower.phone } : {})}
        />
      </section>
      {agreed && (
        <section aria-labelledby="quotes-heading">
          <h2 id="quotes-heading">3. Your quotes</h2>
          <ShopProgress loanId={loan.id} autoStart />
          <QuoteCards loanId={loan.id} onSelect={() => setChosen(true)} />
          {chosen && selectedQuote && (
            <p role="status">
              Saved: you chose {selectedQuote.carrierName ?? 'a quote'}.{' '}
              <Link href={`/quotes/${loan.id}`}>See your quotes again later</Link>
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="insured-heading">
        <h2 id="insured-heading">Already insured?</h2>
        <p>Share the policy you have instead of shopping for a new one.</p>
        <PolicyRetrievalLauncher loanId={loan.id} />
      </section>
    </>
  );
}

/** The consent to shop: recorded with the version of the terms the borrower saw. */
function ShoppingConsent({
  loan,
  done,
  onDone,
}: {
  loan: Loan;
  done: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  const { record, isPending, error } = useRecordConsent();
  if (done) return <p role="status">You agreed to the insurance shopping terms.</p>;
  return (
    <form
      aria-label="Consent to shop for insurance"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await record({ id: loan.id, termsOfServiceId: TERMS_ID })) onDone();
      }}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => setChecked(event.target.checked)}
      />{' '}
      <label htmlFor={id}>
        I agree that {LENDER_NAME} shares my application with its insurance partner to get quotes
        for this property.
      </label>
      {error && <p role="alert">{error.message}</p>}
      <p>
        <button type="submit" disabled={!checked || isPending}>
          {isPending ? 'Saving…' : 'Agree and get quotes'}
        </button>
      </p>
    </form>
  );
}
