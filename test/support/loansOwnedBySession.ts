import type { Loan } from '../../src/core/schemas/loan.js';

/**
 * `authorize` and `onLoanCreated` for test and benchmark BFFs: a loan belongs to the session
 * that created it (kept in memory, as a host keeps it in its records); a request naming no loan
 * is allowed.
 */
export function loansOwnedBySession() {
  const owners = new Map<string, string>();
  return {
    authorize: ({ session, loanId }: { session: { id: string }; loanId?: string | null }) =>
      loanId === undefined || (!!loanId && owners.get(loanId) === session.id),
    onLoanCreated: ({ session, loan }: { session: { id: string }; loan: Loan }) => {
      owners.set(loan.id, session.id);
    },
  };
}
