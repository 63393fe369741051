import { useEffect, useMemo } from 'react';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { LoanEvent } from '../core/schemas/loanEvent.js';
import type { PolicyRetrieval } from '../core/schemas/policyRetrieval.js';
import { EMPTY } from './EMPTY.js';
import { insuranceKeys } from './insuranceKeys.js';
import { insuranceMutations } from './insuranceMutations.js';
import { useAction } from './useAction.js';
import { useCacheValue } from './useCacheValue.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useLoanEvents } from './useLoanEvents.js';

/** Where a policy retrieval stands. */
export type PolicyRetrievalPhase = 'idle' | 'starting' | 'open' | 'completed' | 'errored';

/** Options of {@link usePolicyRetrieval}. */
export interface UsePolicyRetrievalOptions {
  /** Start on mount unless a retrieval was already started (once, StrictMode included). */
  autoStart?: boolean;
}

/** What {@link usePolicyRetrieval} returns. */
export interface PolicyRetrievalState {
  /** `open`: the borrower can sign in to their carrier at `retrievalUrl`. */
  phase: PolicyRetrievalPhase;
  /** Starts a retrieval (ignored while one is starting); resolves with it, or `undefined`. */
  start(): Promise<PolicyRetrieval | undefined>;
  /** The hosted page where the borrower signs in to their carrier (only a safe URL). */
  retrievalUrl: string | undefined;
  /** Policies retrieved since the start, from `policy.retrieved` events. */
  policyIds: readonly string[];
  error: InsuranceError | null;
  retryAt: number | undefined;
  /** Abandons a start in flight. */
  cancel(): void;
}

interface RetrievalSession {
  retrievalUrl: string;
  /** How many of the loan's events had arrived when it started. */
  after: number;
}

/**
 * Lets the borrower retrieve the policy they already have from their carrier: `start()` gives
 * the hosted retrieval URL; the `policy.retrieved` event completes it with the policy ids.
 *
 * @example
 * const { phase, start, retrievalUrl, policyIds } = usePolicyRetrieval(loanId);
 * if (phase === 'completed') return <PolicyDocuments policyId={policyIds[0]} />;
 * if (phase === 'open') return <a href={retrievalUrl} target="_blank" rel="noopener">Sign in to your carrier</a>;
 * return <button disabled={phase === 'starting'} onClick={start}>Use my current policy</button>;
 */
export function usePolicyRetrieval(
  loanId: string,
  options: UsePolicyRetrievalOptions = {},
): PolicyRetrievalState {
  const { adapter, queryClient } = useInsuranceContext('usePolicyRetrieval');
  const keys = insuranceKeys(adapter);
  const { events } = useLoanEvents(loanId);
  const sessionKey = keys.retrieval(loanId);
  const session = useCacheValue<RetrievalSession>(queryClient, sessionKey);
  const { run, busy, state } = useAction((signal) =>
    insuranceMutations(adapter, signal).initiatePolicyRetrieval(loanId),
  );

  const start = async () => {
    if (busy()) return undefined;
    const after = queryClient.getQueryData<LoanEvent[]>(keys.loanEvents(loanId))?.length ?? 0;
    const retrieval = await run();
    if (retrieval)
      queryClient.setQueryData(sessionKey, { retrievalUrl: retrieval.retrievalUrl, after });
    return retrieval;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once per mount at most
  useEffect(() => {
    const key = keys.mutation('initiatePolicyRetrieval', loanId);
    if (options.autoStart && !session && !queryClient.getMutationCache().find({ mutationKey: key }))
      void start();
  }, [options.autoStart]);

  const policyIds = useMemo(
    () =>
      session
        ? events
            .slice(session.after)
            .flatMap((e) => (e.type === 'policy.retrieved' && e.policyId ? [e.policyId] : []))
        : EMPTY,
    [events, session],
  );
  return {
    phase: state.isPending
      ? 'starting'
      : state.error
        ? 'errored'
        : !session
          ? 'idle'
          : policyIds.length > 0
            ? 'completed'
            : 'open',
    start,
    retrievalUrl: session?.retrievalUrl,
    policyIds,
    error: state.error,
    retryAt: state.retryAt,
    cancel: state.cancel,
  };
}
