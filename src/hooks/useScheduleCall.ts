import type { ScheduleCallInput } from '../core/schemas/scheduleCallInput.js';
import type { SuccessResult } from '../core/schemas/successResult.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import { useCallAction } from './useCallAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/** What {@link useScheduleCall} returns. */
export interface ScheduleCallState extends InsuranceActionState<SuccessResult> {
  /**
   * Schedules the call. Refused with a `ConsentRequiredError` and no request while TCPA consent
   * is not recorded; an invalid time gives `fieldErrors` and no request. A second submission
   * while one is in flight is ignored (U3). Resolves with the result, or `undefined`.
   */
  schedule(input: Omit<ScheduleCallInput, 'id'>): Promise<SuccessResult | undefined>;
  /** TCPA consent is known not to be recorded: offer the consent before the scheduler. */
  consentRequired: boolean;
}

/**
 * Schedules a call with an insurance advisor.
 *
 * @example
 * const { schedule, consentRequired, isPending, fieldErrors } = useScheduleCall(loanId);
 * if (consentRequired) return <TcpaConsentCheckbox loanId={loanId} />;
 * <button disabled={isPending} onClick={() => schedule({ scheduledAt: '2027-01-04T15:00:00-06:00' })}>
 *   Schedule
 * </button>
 */
export function useScheduleCall(loanId: string): ScheduleCallState {
  useInsuranceContext('useScheduleCall');
  const { run, state, consentRequired } = useCallAction(loanId, (m) => m.scheduleCall(loanId));
  return { ...state, schedule: run, consentRequired };
}
