import type { CloseLoanInput } from '../core/schemas/closeLoanInput.js';
import type { SuccessResult } from '../core/schemas/successResult.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import { insuranceMutations } from './insuranceMutations.js';
import { useAction } from './useAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/** What {@link useCloseLoan} returns. */
export interface CloseLoanState extends InsuranceActionState<SuccessResult> {
  /** Closes the loan application (optionally naming insurance bought elsewhere). */
  close(input?: CloseLoanInput): Promise<SuccessResult | undefined>;
}

/**
 * Closes a loan application; the loan is read again to show its closed status.
 *
 * @example
 * const { close, isPending } = useCloseLoan(loanId);
 * <button disabled={isPending} onClick={() => close({ externalInsurance: { carrier: 'Acme' } })}>
 *   I have insurance elsewhere
 * </button>
 */
export function useCloseLoan(loanId: string): CloseLoanState {
  const { adapter } = useInsuranceContext('useCloseLoan');
  const { run, state } = useAction((signal) =>
    insuranceMutations(adapter, signal).closeLoan(loanId),
  );
  return { ...state, close: run };
}
