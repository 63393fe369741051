import { isRated } from '../core/loanStatus.js';
import type { DisplayQuote, QuoteDisplay } from '../core/schemas/quoteDisplay.js';
import { EMPTY } from './EMPTY.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { insuranceQueries } from './insuranceQueries.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoan } from './useLoan.js';
import { useQueryState } from './useQueryState.js';

/** What {@link useQuoteDisplay} returns. */
export interface QuoteDisplayState extends InsuranceQueryState<QuoteDisplay> {
  /** The recommended quotes (`[]` until rated). */
  quotes: readonly DisplayQuote[];
  /** The quote the borrower selected, if any (shown at once while the selection is sent). */
  selectedQuote: DisplayQuote | undefined;
  /** Whether the loan is rated, i.e. quotes can be read. */
  isRated: boolean;
}

/**
 * The recommended quotes of a loan application, read once it is rated and refreshed by its
 * `loan.shopped` events.
 *
 * @example
 * const { quotes, selectedQuote } = useQuoteDisplay(loanId);
 * return quotes.map((q) => <QuoteCard key={q.id} quote={q} selected={q.id === selectedQuote?.id} />);
 */
export function useQuoteDisplay(loanId: string | null | undefined): QuoteDisplayState {
  const { adapter } = useInsuranceContext('useQuoteDisplay');
  const rated = isRated(useLoan(loanId).data?.status);
  const query = useQueryState(
    insuranceQueries(adapter).quoteDisplay(loanId ?? ''),
    !!loanId && rated,
  );
  const quotes = query.data?.quotes ?? EMPTY;
  const selectedId = query.data?.selectedQuoteId;
  return {
    ...query,
    quotes,
    selectedQuote: quotes.find((q) => (selectedId ? q.id === selectedId : q.selected)),
    isRated: rated,
  };
}
