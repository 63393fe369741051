import type { SuccessResult } from '../core/schemas/successResult.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import { insuranceMutations } from './insuranceMutations.js';
import { useAction } from './useAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/** What {@link useSelectQuote} returns. */
export interface SelectQuoteState extends InsuranceActionState<SuccessResult> {
  /**
   * Selects a quote: the quote display shows it selected at once and rolls back if the service
   * refuses (U12). While the same quote's selection is in flight, further calls are ignored:
   * one request per intent however often it is clicked (U3).
   */
  select(quoteId: string): Promise<SuccessResult | undefined>;
  /** The quote whose selection is in flight. */
  pendingQuoteId: string | undefined;
}

/**
 * Selects one of the loan's quotes.
 *
 * @example
 * const { select, pendingQuoteId, error } = useSelectQuote(loanId);
 * <button disabled={pendingQuoteId === quote.id} onClick={() => select(quote.id)}>Choose</button>
 */
export function useSelectQuote(loanId: string): SelectQuoteState {
  const { adapter } = useInsuranceContext('useSelectQuote');
  const { run, pending, state } = useAction(
    (signal) => insuranceMutations(adapter, signal).selectQuote(loanId),
    (pending, next) => pending === next,
  );
  return { ...state, select: run, pendingQuoteId: pending };
}
