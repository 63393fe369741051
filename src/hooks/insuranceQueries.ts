import type { DataTag, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { Loan } from '../core/schemas/loan.js';
import type { TcpaConsentStatus } from '../core/schemas/loanEvent.js';
import type { Policy } from '../core/schemas/policy.js';
import type { QuoteDisplay } from '../core/schemas/quoteDisplay.js';
import type { ShoppedLoan } from '../core/schemas/shoppedLoan.js';
import { asInsuranceError } from './asInsuranceError.js';
import { insuranceKeys } from './insuranceKeys.js';
import { retryTransient } from './retryTransient.js';

/** Query options of one read, with a key tagged by its data type (for typed cache access). */
export type InsuranceQueryOptions<T> = UseQueryOptions<T, InsuranceError, T, QueryKey> & {
  queryKey: DataTag<QueryKey, T, InsuranceError>;
};

/** What {@link insuranceQueries} returns. */
export interface InsuranceQueries {
  loan(loanId: string): InsuranceQueryOptions<Loan>;
  shoppedLoan(loanId: string): InsuranceQueryOptions<ShoppedLoan>;
  quoteDisplay(loanId: string): InsuranceQueryOptions<QuoteDisplay>;
  tcpaConsent(loanId: string): InsuranceQueryOptions<TcpaConsentStatus>;
  policy(policyId: string): InsuranceQueryOptions<Policy>;
}

const query = <T>(
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
  staleTime = 60_000,
): InsuranceQueryOptions<T> =>
  queryOptions<T, InsuranceError>({
    queryKey,
    queryFn: ({ signal }) => asInsuranceError(() => read(signal)),
    retry: retryTransient,
    staleTime,
  });

/**
 * Query option factories of one adapter, for `useQuery(options, client)`, `prefetchQuery`,
 * `ensureQueryData` and `fetchQuery`. Each carries the retry policy ({@link retryTransient}),
 * so a host client with other defaults still never hammers the BFF.
 *
 * @example
 * const queries = insuranceQueries(adapter);
 * await queryClient.prefetchQuery(queries.loan(loanId));
 * const { data } = useQuery(queries.quoteDisplay(loanId), queryClient);
 */
export function insuranceQueries(adapter: InsuranceAdapter): InsuranceQueries {
  const keys = insuranceKeys(adapter);
  return {
    /**
     * The loan application. Reading it is rate limited upstream, so it is never re-read on
     * mount or focus: loan events invalidate it (no polling).
     */
    loan: (loanId: string) => ({
      ...query(keys.loan(loanId), (signal) => adapter.getLoan(loanId, { signal }), Infinity),
      refetchOnWindowFocus: false,
    }),
    /** Every quote of a shopped loan application. */
    shoppedLoan: (loanId: string) =>
      query(keys.shoppedLoan(loanId), (signal) => adapter.getShoppedLoan(loanId, { signal })),
    /** The recommended quotes and the selected one. */
    quoteDisplay: (loanId: string) =>
      query(keys.quoteDisplay(loanId), (signal) => adapter.getQuoteDisplay(loanId, { signal })),
    /** Whether TCPA consent is recorded (calls are refused until it is). */
    tcpaConsent: (loanId: string) =>
      query(keys.tcpaConsent(loanId), (signal) => adapter.getTcpaConsent(loanId, { signal })),
    /**
     * A policy, with only the documents whose URL is safe to open: a `javascript:` or `data:`
     * URL never reaches the cache, let alone a link (U13). Signed URLs expire within minutes,
     * so it is always stale.
     */
    policy: (policyId: string) =>
      query(
        keys.policy(policyId),
        async (signal): Promise<Policy> =>
          (await import('./deferredHooks.js')).policyDocuments.read(adapter, policyId, signal),
        0,
      ),
  };
}
