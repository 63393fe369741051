import type { Loan } from '../core/schemas/loan.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { insuranceQueries } from './insuranceQueries.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoanSubscription } from './useLoanSubscription.js';
import { useQueryState } from './useQueryState.js';

/**
 * A loan application, kept current by its events (no polling: the loan read is rate limited
 * upstream). Nothing is read while `loanId` is empty.
 *
 * @example
 * function LoanStatus({ loanId }: { loanId: string }) {
 *   const { data: loan, error, isLoading } = useLoan(loanId);
 *   if (isLoading) return <p>Loading…</p>;
 *   if (error) return <p role="alert">{error.message}</p>;
 *   return <p>{loan?.status}</p>;
 * }
 */
export function useLoan(loanId: string | null | undefined): InsuranceQueryState<Loan> {
  const { adapter } = useInsuranceContext('useLoan');
  useLoanSubscription(loanId);
  return useQueryState(insuranceQueries(adapter).loan(loanId ?? ''), !!loanId);
}
