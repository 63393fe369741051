import type { Loan } from '../core/schemas/loan.js';
import type { LoanApplicationInput } from '../core/schemas/loanApplicationInput.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import { insuranceMutations } from './insuranceMutations.js';
import { useAction } from './useAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/** What {@link useCreateLoanApplication} returns. */
export interface CreateLoanApplicationState extends InsuranceActionState<Loan> {
  /**
   * Validates the application (nothing is sent when it is invalid: see `fieldErrors`, U1), then
   * submits it with the key of this exact application, so a double click, a reload or a retry
   * after a network failure creates one loan (U3-U5). Resolves with the loan, or `undefined`
   * when it failed or the same submission was already in flight.
   */
  create(input: LoanApplicationInput): Promise<Loan | undefined>;
}

/**
 * Submits a loan application; the new loan is put in the cache (no extra read).
 *
 * @example
 * const { create, isPending, fieldErrors, error } = useCreateLoanApplication();
 * async function onSubmit(values: LoanApplicationInput) {
 *   const loan = await create(values);
 *   if (loan) navigate(`/insurance/${loan.id}`);
 * }
 * // <input name="loanNumber" aria-invalid={!!fieldErrors.loanNumber} />
 */
export function useCreateLoanApplication(): CreateLoanApplicationState {
  const { adapter } = useInsuranceContext('useCreateLoanApplication');
  const { run, state } = useAction((signal) =>
    insuranceMutations(adapter, signal).createLoanApplication(),
  );
  return { ...state, create: run };
}
