import type { ConsentInput } from '../core/schemas/consentInput.js';
import type { ConsentRecord } from '../core/schemas/consentRecord.js';
import type { TcpaConsentStatus } from '../core/schemas/loanEvent.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { insuranceQueries } from './insuranceQueries.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useQueryState } from './useQueryState.js';
import { useRecordConsent } from './useRecordConsent.js';

/** What {@link useTcpaConsent} returns. */
export interface TcpaConsentState extends InsuranceQueryState<TcpaConsentStatus> {
  /** Whether TCPA consent is recorded; `undefined` until known. */
  recorded: boolean | undefined;
  /** Records TCPA consent for the loan; resolves with the record, or `undefined` on failure. */
  record(input: Omit<ConsentInput, 'id'>): Promise<ConsentRecord | undefined>;
  /** The state of `record`. */
  recording: InsuranceActionState<ConsentRecord>;
}

/**
 * Whether the borrower gave TCPA consent (calls are refused until then), and a way to record it.
 *
 * @example
 * const { recorded, record, recording } = useTcpaConsent(loanId);
 * <input
 *   type="checkbox"
 *   checked={recorded ?? false}
 *   disabled={recorded || recording.isPending}
 *   onChange={() => record({ termsOfServiceId: 'tcpa_v2' })}
 * />
 */
export function useTcpaConsent(loanId: string): TcpaConsentState {
  const { adapter } = useInsuranceContext('useTcpaConsent');
  const query = useQueryState(insuranceQueries(adapter).tcpaConsent(loanId), !!loanId);
  const { record, ...recording } = useRecordConsent({ kind: 'tcpa' });
  return {
    ...query,
    recorded: query.data?.recorded,
    record: (input) => record({ ...input, id: loanId }),
    recording,
  };
}
