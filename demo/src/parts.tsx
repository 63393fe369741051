import type { ReactNode } from 'react';
import { useId } from 'react';
import type { Loan } from '../../src/index.js';
import { PolicyDocuments, useLoanPolicies } from '../../src/index.js';
import type { Scenario } from './ApplicationForm.js';
import { ApplicationForm } from './ApplicationForm.js';

/** A step of a flow: a section named by its heading. */
export function Step({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="demo-step" aria-labelledby={id}>
      <h2 id={id}>
        <span className="demo-step-number" aria-hidden="true">
          {number}
        </span>
        <span className="demo-visually-hidden">Step {number}: </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Step 1 of every flow: the application form, then what was submitted. */
export function ApplicationStep({
  loan,
  onCreated,
  scenarios,
}: {
  loan: Loan | undefined;
  onCreated: (loan: Loan) => void;
  scenarios?: Scenario[];
}) {
  return (
    <Step number={1} title="Your loan application">
      {loan ? (
        <LoanSummary loan={loan} />
      ) : (
        <ApplicationForm scenarios={scenarios} onCreated={onCreated} />
      )}
    </Step>
  );
}

/** What was submitted, once the application exists. */
export function LoanSummary({ loan }: { loan: Loan }) {
  const borrower = loan.borrowers.find((b) => b.isPrimary);
  // The service's answer may leave out anything but the id.
  const address = loan.property?.address;
  return (
    <dl className="demo-summary" aria-label="Submitted application">
      <div>
        <dt>Loan number</dt>
        <dd>{loan.loanNumber ?? '—'}</dd>
      </div>
      <div>
        <dt>Borrower</dt>
        <dd>{borrower ? `${borrower.firstName} ${borrower.lastName}` : '—'}</dd>
      </div>
      <div>
        <dt>Property</dt>
        <dd>
          {address ? `${address.street}, ${address.city}, ${address.state} ${address.zip}` : '—'}
        </dd>
      </div>
    </dl>
  );
}

/** The loan's bound or retrieved policies, each with its documents. */
export function Policies({ loanId, empty }: { loanId: string; empty: string }) {
  const { policyIds } = useLoanPolicies(loanId);
  if (policyIds.length === 0) return <p className="demo-hint">{empty}</p>;
  return (
    <ul className="demo-policies" aria-label="Policies">
      {policyIds.map((policyId) => (
        <li key={policyId}>
          <PolicyDocuments policyId={policyId} />
        </li>
      ))}
    </ul>
  );
}
