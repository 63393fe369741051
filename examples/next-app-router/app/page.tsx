// A Server Component: it renders on the server only, so it may not import the root entry
// (client code). The framework-free `lender-insurance-react/core` entry is made for it.
import {
  isClosed,
  isQuoting,
  isRated,
  isValidId,
  LOAN_STATUSES,
} from 'lender-insurance-react/core';
import { InsurancePortal } from '@/components/InsurancePortal';
import { borrowerOnFile, LENDER_NAME } from '@/lib/lender';

const STAGES = [
  ['Getting quotes', LOAN_STATUSES.filter(isQuoting)],
  ['Quotes ready', LOAN_STATUSES.filter(isRated)],
  ['Closed', LOAN_STATUSES.filter(isClosed)],
] as const;

export default async function Home({
  searchParams,
}: {
  searchParams: Promise<{ loan?: string | string[] }>;
}) {
  const { loan } = await searchParams;
  // `?loan=` (set by the portal once the application exists): the flow resumes where it was.
  const loanId = typeof loan === 'string' && isValidId(loan) ? loan : undefined;
  return (
    <main>
      <h1>{LENDER_NAME}: insure your new home</h1>
      <InsurancePortal {...(loanId ? { loanId } : {})} applicationDefaults={borrowerOnFile()} />
      <details>
        <summary>What the application statuses mean</summary>
        <dl>
          {STAGES.map(([label, statuses]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{statuses.join(', ')}</dd>
            </div>
          ))}
        </dl>
      </details>
    </main>
  );
}
