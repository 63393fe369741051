import type { CallMeNowInput } from '../core/schemas/callMeNowInput.js';
import type { SuccessResult } from '../core/schemas/successResult.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import { useCallAction } from './useCallAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/** What {@link useCallMeNow} returns. */
export interface CallMeNowState extends InsuranceActionState<SuccessResult> {
  /**
   * Asks an advisor to call now (optionally on another number). Refused with a
   * `ConsentRequiredError` and no request while TCPA consent is not recorded; a second click
   * while one is in flight is ignored (U3). Resolves with the result, or `undefined`.
   */
  call(input?: Omit<CallMeNowInput, 'id'>): Promise<SuccessResult | undefined>;
  /** TCPA consent is known not to be recorded. */
  consentRequired: boolean;
}

/**
 * Asks an insurance advisor to call the borrower now.
 *
 * @example
 * const { call, isPending, isSuccess, consentRequired } = useCallMeNow(loanId);
 * <button disabled={isPending || consentRequired} onClick={() => call()}>Call me now</button>
 */
export function useCallMeNow(loanId: string): CallMeNowState {
  useInsuranceContext('useCallMeNow');
  const { run, state, consentRequired } = useCallAction(loanId, (m) => m.callMeNow(loanId));
  return { ...state, call: run, consentRequired };
}
