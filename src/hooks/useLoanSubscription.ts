import { useEffect, useRef } from 'react';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import { joinLoanEvents } from './joinLoanEvents.js';
import { useInsuranceContext } from './useInsuranceContext.js';

/**
 * Follows the loan's events while the component is mounted (never during server rendering),
 * so what they change is refreshed without polling. `listener` may change on every render: the
 * latest one is called, without subscribing again.
 */
export function useLoanSubscription(
  loanId: string | null | undefined,
  listener?: (event: LoanEvent) => void,
): void {
  const context = useInsuranceContext();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const listening = !!listener;
  useEffect(() => {
    if (!loanId) return;
    return joinLoanEvents(context, loanId, listening ? (e) => latest.current?.(e) : undefined);
  }, [context, loanId, listening]);
}
