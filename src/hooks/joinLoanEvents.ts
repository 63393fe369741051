import { isClosed, isErrored } from '../core/loanStatus.js';
import type { Loan } from '../core/schemas/loan.js';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import type { InsuranceContextValue } from './InsuranceContext.js';
import { insuranceKeys } from './insuranceKeys.js';
import { insuranceQueries } from './insuranceQueries.js';

/**
 * Follows a loan's events through `adapter.subscribe` (which shares one connection per loan)
 * until the returned function is called. Each new event is kept in the cache
 * (`keys.loanEvents`) and refreshes what it changed: `loan.shopped` → the loan, shopped loan
 * and quote display; `policy.bound` / `policy.retrieved` → the loan's policy ids and the loan.
 * However many hooks follow the loan, the first to see an event does that, once.
 *
 * A quote display someone shows is read at once on `loan.shopped`, beside the loan rather than
 * after it: its query waits for a rated loan to be enabled, and the quotes must not wait for the
 * loan read (rate limited upstream) to come back before they are even asked for. Only for a loan
 * the page knows and that can still get quotes: not for an event replayed before the loan is
 * read, nor for a loan whose quoting failed or that is closed.
 */
export function joinLoanEvents(
  { adapter, queryClient: client }: InsuranceContextValue,
  loanId: string,
  listener?: (event: LoanEvent) => void,
): () => void {
  const keys = insuranceKeys(adapter);
  let live = true;
  const state = (s: string) => live && client.setQueryData(keys.connection(loanId), s);
  // An invalidation joins a read in flight instead of starting another: one loan read per
  // event at most, whoever else is reading (the loan read is rate limited upstream).
  const refresh = (queryKey: readonly unknown[]) =>
    void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  const receive = (event: LoanEvent) => {
    const seen = client.getQueryData<LoanEvent[]>(keys.loanEvents(loanId)) ?? [];
    if (!live || seen.some((e) => e.id === event.id)) return;
    client.setQueryData(keys.loanEvents(loanId), [...seen, event]);
    if (event.type === 'loan.shopped') {
      refresh(keys.loan(loanId));
      refresh(keys.shoppedLoan(loanId));
      refresh(keys.quoteDisplay(loanId));
      const display = client.getQueryCache().find({ queryKey: keys.quoteDisplay(loanId) });
      const status = client.getQueryData<Loan>(keys.loan(loanId))?.status;
      // Shown (observed), and not refetched by the invalidation above (it is not enabled yet):
      // read it now. A read in flight is joined, not repeated.
      if (
        display &&
        display.getObserversCount() > 0 &&
        display.state.fetchStatus === 'idle' &&
        status !== undefined &&
        !isErrored(status) &&
        !isClosed(status)
      ) {
        void client.prefetchQuery(insuranceQueries(adapter).quoteDisplay(loanId));
      }
    } else if (event.policyId && event.type.startsWith('policy.')) {
      const ids = client.getQueryData<string[]>(keys.loanPolicies(loanId)) ?? [];
      if (!ids.includes(event.policyId))
        client.setQueryData(keys.loanPolicies(loanId), [...ids, event.policyId]);
      refresh(keys.loan(loanId));
    }
  };
  // The adapter reports the shared connection's state at once when it is already open.
  state('connecting');
  try {
    const stop = adapter.subscribe(
      loanId,
      (event) => {
        receive(event);
        if (live) listener?.(event);
      },
      { onStateChange: state },
    );
    return () => {
      // Others may still follow the loan: this leaving says nothing about the connection.
      live = false;
      stop();
    };
  } catch {
    // A malformed id: there is nothing to follow.
    state('closed');
    return () => {};
  }
}
