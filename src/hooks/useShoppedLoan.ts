import { isRated } from '../core/loanStatus.js';
import type { ShoppedLoan } from '../core/schemas/shoppedLoan.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { insuranceQueries } from './insuranceQueries.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoan } from './useLoan.js';
import { useQueryState } from './useQueryState.js';

/**
 * Every quote of a shopped loan application, read once the loan is rated (and again after
 * each `loan.shopped` event).
 *
 * @example
 * const { data } = useShoppedLoan(loanId);
 * return <p>{data?.quotes.length ?? 0} quotes</p>;
 */
export function useShoppedLoan(
  loanId: string | null | undefined,
): InsuranceQueryState<ShoppedLoan> {
  const { adapter } = useInsuranceContext('useShoppedLoan');
  const rated = isRated(useLoan(loanId).data?.status);
  return useQueryState(insuranceQueries(adapter).shoppedLoan(loanId ?? ''), !!loanId && rated);
}
