import { useEffect, useMemo, useState } from 'react';
import { InsuranceError } from '../core/errors/InsuranceError.js';
import { TimeoutError } from '../core/errors/TimeoutError.js';
import { isClosed, isErrored, isQuoting, isRated } from '../core/loanStatus.js';
import type { Loan } from '../core/schemas/loan.js';
import type { ShopResult } from '../core/schemas/shopResult.js';
import { insuranceKeys } from './insuranceKeys.js';
import { insuranceMutations } from './insuranceMutations.js';
import { useAction } from './useAction.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoan } from './useLoan.js';

/** Where a shop stands: the phases of quoting a loan application. */
export type ShopPhase = 'idle' | 'starting' | 'quoting' | 'rated' | 'errored' | 'closed';

/** Options of {@link useShop}. */
export interface UseShopOptions {
  /** Start on mount when the loan was never shopped (once, StrictMode included). Default `false`. */
  autoStart?: boolean;
  /** After this long quoting, the phase is `errored` with a `TimeoutError`. Default 120 000 ms. */
  timeoutMs?: number;
}

/** What {@link useShop} returns. */
export interface ShopState {
  phase: ShopPhase;
  /**
   * Shops the loan (a user action); ignored while a shop is starting, or quoting (including a
   * shop this client sent whose outcome is not known yet).
   */
  start(): Promise<ShopResult | undefined>;
  /**
   * After a time-out: reads the loan once and, if it is still quoting, waits again. After a
   * failed shop or quoting error: shops again. After a failed loan read: reads it again.
   */
  retry(): Promise<void>;
  /** 0 to 0.99 while quoting (elapsed against the longest expected time), 1 once rated. */
  progress: number;
  /** Time since the shop started, while it runs (then frozen). */
  elapsedMs: number;
  /** How long quoting usually takes: 30 to 45 s. */
  expectedMs: readonly [number, number];
  error: InsuranceError | null;
  /** After a `RateLimitedError`: when shopping again is allowed (U8). */
  retryAt: number | undefined;
  loan: Loan | undefined;
}

const EXPECTED_MS = [30_000, 45_000] as const;

/** Whether a shop the service accepted (`sent` succeeded) has no outcome in `status` yet. */
const awaitsOutcome = (sent: string | undefined, status: string | undefined) =>
  sent === 'success' && !isRated(status) && !isErrored(status) && !isClosed(status);

/**
 * Shops a loan application and follows quoting to its end. A 2xx shop means quoting started,
 * whatever status its answer echoes: from then on the phase stays `quoting` (and `start` sends
 * nothing) until a loan read says rated, errored or closed, or `timeoutMs` passes. Completion
 * comes from the `loan.shopped` event, which makes the loan be read once; the loan is never
 * polled.
 *
 * @example
 * function ShopButton({ loanId }: { loanId: string }) {
 *   const { phase, start, retry, progress, error } = useShop(loanId);
 *   if (phase === 'quoting') return <progress value={progress} />;
 *   if (phase === 'errored') return <button onClick={retry}>{error?.message} Try again</button>;
 *   return <button disabled={phase === 'starting'} onClick={start}>Get quotes</button>;
 * }
 */
export function useShop(loanId: string, options: UseShopOptions = {}): ShopState {
  const { autoStart = false, timeoutMs = 120_000 } = options;
  const { adapter, queryClient } = useInsuranceContext('useShop');
  const keys = insuranceKeys(adapter);
  const loan = useLoan(loanId);
  const status = loan.data?.status;
  const shopKey = keys.mutation('shop', loanId);
  // The last shop this client sent for the loan (from any component): its `submittedAt` is when
  // the shop started.
  const lastShop = queryClient.getMutationCache().findAll({ mutationKey: shopKey }).at(-1);
  const {
    run,
    busy,
    state: shop,
  } = useAction((signal) => insuranceMutations(adapter, signal).shop(loanId));
  // Time reads Date.now() (fake timers drive it in tests); it ticks only while waiting, so it
  // stops at the end. Quoting that started before this page knew (another tab, a reload) is
  // timed from the mount; a retry after a time-out waits `timeoutMs` again.
  const [mountedAt] = useState(Date.now);
  const [now, setNow] = useState(mountedAt);
  const [waitingSince, setWaitingSince] = useState(0);
  const startedAt = lastShop?.state.submittedAt || mountedAt;
  // A 2xx shop means quoting started: until a loan read says how it ended, the loan is quoting,
  // even when a read (the service may lag) still says NOT_YET_RATED. Shopping again then would
  // spend another rate-limited call for nothing.
  const quoting = isQuoting(status) || awaitsOutcome(lastShop?.state.status, status);
  const timedOut = quoting && now >= Math.max(startedAt, waitingSince) + timeoutMs;
  const phase: ShopPhase = isClosed(status)
    ? 'closed'
    : shop.isPending
      ? 'starting'
      : quoting
        ? timedOut
          ? 'errored'
          : 'quoting'
        : isRated(status)
          ? 'rated'
          : shop.error || isErrored(status)
            ? 'errored'
            : 'idle';
  const waiting = phase === 'starting' || phase === 'quoting';

  const start = async () => {
    const current = queryClient.getQueryData<Loan>(keys.loan(loanId))?.status;
    const sent = queryClient.getMutationCache().findAll({ mutationKey: shopKey }).at(-1);
    if (busy() || isQuoting(current) || isClosed(current)) return undefined;
    if (awaitsOutcome(sent?.state.status, current)) return undefined;
    return run();
  };

  useEffect(() => {
    setNow(Date.now());
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once, when the status is known
  useEffect(() => {
    // A shop this client already tried (even one that failed) is not started again by itself.
    if (autoStart && status === 'NOT_YET_RATED' && !lastShop) void start();
  }, [autoStart, status]);

  // Quoting's own failures, as typed errors (stable, so effects on `error` do not re-run).
  const quotingError = useMemo(
    () =>
      timedOut
        ? new TimeoutError('Quoting took too long')
        : isErrored(status)
          ? new InsuranceError('service_error', 'Quoting failed')
          : null,
    [timedOut, status],
  );
  const elapsedMs = lastShop || quoting ? Math.max(0, now - startedAt) : 0;

  return {
    phase,
    start,
    async retry() {
      if (timedOut) {
        setWaitingSince(Date.now());
        await loan.refetch();
      } else if (phase === 'errored') await start();
      else if (loan.error) await loan.refetch();
    },
    progress: phase === 'rated' ? 1 : Math.min(0.99, elapsedMs / EXPECTED_MS[1]),
    elapsedMs,
    expectedMs: EXPECTED_MS,
    error: shop.error ?? quotingError ?? loan.error,
    retryAt: shop.retryAt,
    loan: loan.data,
  };
}
