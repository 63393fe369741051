import { isRated } from '../core/loanStatus.js';
import type { DisplayQuote, QuoteDisplay } from '../core/schemas/quoteDisplay.js';
import { EMPTY } from './EMPTY.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { insuranceKeys } from './insuranceKeys.js';
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
 * `loan.shopped` events. The display carries the loan's status too: when it was read after the
 * loan, its status is the newer one, so quotes that come with `loan.shopped` show as soon as
 * they arrive, not once the loan read (rate limited upstream) comes back as well.
 *
 * @example
 * const { quotes, selectedQuote } = useQuoteDisplay(loanId);
 * return quotes.map((q) => <QuoteCard key={q.id} quote={q} selected={q.id === selectedQuote?.id} />);
 */
export function useQuoteDisplay(loanId: string | null | undefined): QuoteDisplayState {
  const { adapter, queryClient } = useInsuranceContext('useQuoteDisplay');
  const loan = useLoan(loanId);
  const keys = insuranceKeys(adapter);
  const id = loanId ?? '';
  const display = queryClient.getQueryState<QuoteDisplay>(keys.quoteDisplay(id));
  const loanReadAt = queryClient.getQueryState(keys.loan(id))?.dataUpdatedAt ?? 0;
  // Whichever of the two was read last says where quoting stands (a new shop of a rated loan
  // makes an older display's status stale until the display is read again).
  const displayIsNewer = !!display && display.dataUpdatedAt > loanReadAt;
  const rated = isRated(displayIsNewer ? display.data?.status : loan.data?.status);
  const query = useQueryState(insuranceQueries(adapter).quoteDisplay(id), !!loanId && rated);
  const quotes = query.data?.quotes ?? EMPTY;
  const selectedId = query.data?.selectedQuoteId;
  return {
    ...query,
    quotes,
    selectedQuote: quotes.find((q) => (selectedId ? q.id === selectedId : q.selected)),
    isRated: rated,
  };
}
