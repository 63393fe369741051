import type { ConsentInput } from '../core/schemas/consentInput.js';
import type { ConsentRecord } from '../core/schemas/consentRecord.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import type { ConsentOperation } from './insuranceMutations.js';
import { insuranceMutations } from './insuranceMutations.js';
import { useAction } from './useAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/** Options of {@link useRecordConsent}. */
export interface UseRecordConsentOptions {
  /** `consent` (default: needed before shopping), `general`, or `tcpa` (see `useTcpaConsent`). */
  kind?: ConsentOperation;
}

/** What {@link useRecordConsent} returns. */
export interface RecordConsentState extends InsuranceActionState<ConsentRecord> {
  /** Validates and records the consent; resolves with the record, or `undefined` on failure. */
  record(input: ConsentInput): Promise<ConsentRecord | undefined>;
}

/**
 * Records the borrower's consent to the terms (required before the loan is shopped).
 *
 * @example
 * const { record, isPending, error } = useRecordConsent();
 * <button disabled={isPending} onClick={() => record({ id: loanId, termsOfServiceId: 'tos_v3' })}>
 *   I agree
 * </button>
 */
export function useRecordConsent(options: UseRecordConsentOptions = {}): RecordConsentState {
  const { adapter } = useInsuranceContext('useRecordConsent');
  const { run, state } = useAction((signal) =>
    insuranceMutations(adapter, signal).recordConsent(options.kind),
  );
  return { ...state, record: run };
}
