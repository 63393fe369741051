import type { EventConnectionState } from '../adapter/InsuranceAdapter.js';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import { EMPTY } from './EMPTY.js';
import { insuranceKeys } from './insuranceKeys.js';
import { useCacheValue } from './useCacheValue.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoanSubscription } from './useLoanSubscription.js';

/** What {@link useLoanEvents} returns. */
export interface LoanEventsState {
  /** The events received for the loan, oldest first. */
  events: readonly LoanEvent[];
  /** `connecting`, `open` (streaming), `polling` (the BFF's fallback) or `closed`. */
  connection: EventConnectionState;
}

/**
 * Follows a loan's events (`loan.shopped`, `policy.bound`, `policy.retrieved`) while mounted.
 * Each event also refreshes what it changed (the loan, its quotes, its policies), once however
 * many components follow the loan; one connection per loan is shared.
 *
 * @param onEvent - Called with each new event.
 * @example
 * const { connection, events } = useLoanEvents(loanId, (event) => {
 *   if (event.type === 'policy.bound') toast('Your policy is bound');
 * });
 */
export function useLoanEvents(
  loanId: string | null | undefined,
  onEvent?: (event: LoanEvent) => void,
): LoanEventsState {
  const { adapter, queryClient } = useInsuranceContext('useLoanEvents');
  const keys = insuranceKeys(adapter);
  useLoanSubscription(loanId, onEvent);
  return {
    events: useCacheValue<LoanEvent[]>(queryClient, keys.loanEvents(loanId ?? '')) ?? EMPTY,
    connection:
      useCacheValue<EventConnectionState>(queryClient, keys.connection(loanId ?? '')) ?? 'closed',
  };
}
