import { useId, useState } from 'react';
import type { Loan } from '../../src/index.js';
import {
  CallScheduler,
  isClosed,
  isErrored,
  QuoteCards,
  ShopProgress,
  TcpaConsentCheckbox,
  useCloseLoan,
  useLoan,
  useQuoteDisplay,
  useRecordConsent,
  useTcpaConsent,
} from '../../src/index.js';
import type { Scenario } from './ApplicationForm.js';
import { LENDER_NAME, TCPA_TERMS_ID, TERMS_ID } from './lender.js';
import { ApplicationStep, Policies, Step } from './parts.js';

const SCENARIOS: Scenario[] = [
  {
    label: 'Bind a policy',
    description: 'First name Bind_policy: a policy is bound from the cheapest quote.',
    values: { firstName: 'Bind_policy', lastName: 'Jordan' },
  },
  {
    label: '…with a flood policy too',
    description: 'First name Bind_policy, last name Flood: a flood policy is bound as well.',
    values: { firstName: 'Bind_policy', lastName: 'Flood' },
  },
  {
    label: 'Bind a cancelled policy',
    description: 'First name Cancelled_policy: the bound policy is cancelled as of today.',
    values: { firstName: 'Cancelled_policy', lastName: 'Jordan' },
  },
  {
    label: 'Quoting fails',
    description: 'First name Rating_error: quoting ends with no quotes.',
    values: { firstName: 'Rating_error', lastName: 'Jordan' },
  },
];

/** Shopping for new insurance: application → consent → quotes → advisor → policies. */
export function NewInsuranceFlow() {
  const [loan, setLoan] = useState<Loan>();
  return (
    <>
      <ApplicationStep loan={loan} onCreated={setLoan} scenarios={SCENARIOS} />
      {loan && <Shopping loan={loan} />}
    </>
  );
}

function Shopping({ loan }: { loan: Loan }) {
  const [consented, setConsented] = useState(false);
  const closer = useCloseLoan(loan.id);
  const closed = closer.isSuccess;
  // QuoteCards says "quotes appear here when they are ready" for an errored or closed loan;
  // ShopProgress already says what happened.
  const status = useLoan(loan.id).data?.status;
  const showQuotes = !isErrored(status) && !isClosed(status);
  return (
    <>
      <Step number={2} title="Consent">
        <ShoppingConsent loan={loan} done={consented} onDone={() => setConsented(true)} />
      </Step>
      {consented && (
        <>
          <Step number={3} title="Your quotes">
            <ShopProgress loanId={loan.id} autoStart={!closed} />
            {showQuotes && <QuoteCards loanId={loan.id} />}
          </Step>
          <Advisor loan={loan} />
          <Step number={5} title="Your policies">
            <Policies
              loanId={loan.id}
              empty="No policy is bound yet. When one is, its details and documents appear here."
            />
          </Step>
        </>
      )}
      <section className="demo-elsewhere" aria-labelledby="elsewhere-heading">
        <h2 id="elsewhere-heading">Already insured elsewhere?</h2>
        {closed ? (
          <p role="status">Thanks. We closed this application; no more quotes will be sent.</p>
        ) : (
          <>
            <p>If you bought homeowners insurance on your own, tell us and we stop shopping.</p>
            <button
              type="button"
              className="demo-button demo-button-secondary"
              disabled={closer.isPending}
              onClick={() => void closer.close()}
            >
              I bought insurance elsewhere
            </button>
            {closer.error && (
              <p className="demo-error" role="alert">
                {closer.error.message}
              </p>
            )}
          </>
        )}
      </section>
    </>
  );
}

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
  const borrower = loan.borrowers?.find((b) => b.isPrimary);
  if (done) return <p role="status">You agreed to the insurance shopping terms.</p>;
  return (
    <form
      className="demo-form"
      aria-label="Consent to shop for insurance"
      onSubmit={async (event) => {
        event.preventDefault();
        const recorded = await record({
          id: loan.id,
          termsOfServiceId: TERMS_ID,
          ...(borrower?.email ? { email: borrower.email } : {}),
          ...(borrower?.phone ? { phone: borrower.phone } : {}),
        });
        if (recorded) onDone();
      }}
    >
      <div className="demo-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
          aria-describedby={`${id}-disclosure`}
        />
        <label htmlFor={id}>I agree to the insurance shopping terms.</label>
      </div>
      <p id={`${id}-disclosure`} className="demo-hint">
        {LENDER_NAME} shares your application with its insurance partner so it can request
        homeowners insurance quotes for this property from several carriers. You are not obliged to
        buy a policy.
      </p>
      {error && (
        <p className="demo-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="demo-button" disabled={!checked || isPending}>
        {isPending ? 'Saving…' : 'Agree and get quotes'}
      </button>
    </form>
  );
}

/** Talking to an advisor: TCPA consent first, then the call scheduler. */
function Advisor({ loan }: { loan: Loan }) {
  const { selectedQuote } = useQuoteDisplay(loan.id);
  const { recorded } = useTcpaConsent(loan.id);
  const borrower = loan.borrowers?.find((b) => b.isPrimary);
  return (
    <Step number={4} title="Talk to an advisor">
      {selectedQuote ? (
        <p>
          You picked <strong>{selectedQuote.carrierName ?? 'a quote'}</strong>. An advisor can
          finish the policy with you by phone.
        </p>
      ) : (
        <p className="demo-hint">Pick a quote above, then an advisor can go through it with you.</p>
      )}
      {selectedQuote && (
        <TcpaConsentCheckbox
          loanId={loan.id}
          lenderName={LENDER_NAME}
          termsOfServiceId={TCPA_TERMS_ID}
          {...(borrower?.email ? { email: borrower.email } : {})}
          {...(borrower?.phone ? { phone: borrower.phone } : {})}
        />
      )}
      {selectedQuote && recorded === true && (
        <CallScheduler
          loanId={loan.id}
          lenderName={LENDER_NAME}
          termsOfServiceId={TCPA_TERMS_ID}
          leadTimeMinutes={60}
        />
      )}
    </Step>
  );
}
