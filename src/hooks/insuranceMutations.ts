import { mutationOptions } from '@tanstack/react-query';
import type { InsuranceAdapter } from '../adapter/InsuranceAdapter.js';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { QuoteDisplay } from '../core/schemas/quoteDisplay.js';
import type { ActionBodies, ActionContext, ConsentOperation } from './actionBodies.js';
import { asInsuranceError } from './asInsuranceError.js';
import { insuranceKeys } from './insuranceKeys.js';
import { insuranceQueries } from './insuranceQueries.js';

export type { ConsentOperation } from './actionBodies.js';

type Name = keyof ActionBodies;
/** What an action is called with: nothing for the actions that take only the loan. */
type Variables<K extends Name> =
  Parameters<ActionBodies[K]> extends [ActionContext]
    ? // biome-ignore lint/suspicious/noConfusingVoidType: void lets `mutate()` take no argument
      void
    : Parameters<ActionBodies[K]>[1];
type Result<K extends Name> = Awaited<ReturnType<ActionBodies[K]>>;
type AnyBody = (context: ActionContext, variables: unknown, kind?: ConsentOperation) => unknown;

/**
 * Mutation option factories of one adapter, for `useMutation(options, client)`. Inputs are
 * validated (schemas loaded on first use) before anything is sent; each user intent carries one
 * idempotency key on every send until it succeeds; answers update the cache. React Query never
 * retries them: trying again is the user's decision, with the same key.
 *
 * @param signal - Read when a mutation starts; aborting it cancels the request.
 * @example
 * const mutations = insuranceMutations(adapter);
 * const close = useMutation(mutations.closeLoan(loanId), queryClient);
 * close.mutate({ externalInsurance: { carrier: 'Acme' } });
 */
export function insuranceMutations(
  adapter: InsuranceAdapter,
  signal: () => AbortSignal | undefined = () => undefined,
) {
  const keys = insuranceKeys(adapter);
  const queries = insuranceQueries(adapter);
  const action = <K extends Name>(name: K, loanId = '', kind?: ConsentOperation) =>
    mutationOptions<Result<K>, InsuranceError, Variables<K>>({
      mutationKey: keys.mutation(kind ? `${name}:${kind}` : name, loanId),
      // Run even when the browser says it is offline, so the user sees a NetworkError at once.
      networkMode: 'always',
      retry: false,
      mutationFn: (variables, { client }) => {
        const context = { adapter, client, keys, queries, loanId, signal: signal() };
        // The bodies load with the first action; every failure comes out as a typed error.
        return asInsuranceError(async () => {
          const body = (await import('./deferredHooks.js')).actionBodies[name] as AnyBody;
          return (await body(context, variables, kind)) as Result<K>;
        }) as Promise<Result<K>>;
      },
    });

  return {
    /** Validates (U1) and submits a loan application; the loan is put in the cache. */
    createLoanApplication: () => action('createLoanApplication'),
    /** Records a consent (`consent` before shopping, `tcpa` before calls, or `general`). */
    recordConsent: (kind: ConsentOperation = 'consent') => action('recordConsent', '', kind),
    /** Starts quoting; the loan in the cache takes the new status at once. */
    shop: (loanId: string) => action('shop', loanId),
    /** Selects a quote, shown selected at once and rolled back if the service refuses (U12). */
    selectQuote: (loanId: string) => {
      const key = keys.quoteDisplay(loanId);
      return mutationOptions<
        Result<'selectQuote'>,
        InsuranceError,
        string,
        QuoteDisplay | undefined
      >({
        ...action('selectQuote', loanId),
        onMutate: async (quoteId, { client }) => {
          await client.cancelQueries({ queryKey: key });
          const previous = client.getQueryData<QuoteDisplay>(key);
          if (previous) {
            client.setQueryData<QuoteDisplay>(key, {
              ...previous,
              selectedQuoteId: quoteId,
              quotes: previous.quotes.map((q) => ({ ...q, selected: q.id === quoteId })),
            });
          }
          return previous;
        },
        onError: (_e, _q, previous, { client }) => previous && client.setQueryData(key, previous),
        onSettled: (_d, _e, _q, _p, { client }) => client.invalidateQueries({ queryKey: key }),
      });
    },
    /** Schedules an advisor's call; refused without a request until TCPA consent is recorded. */
    scheduleCall: (loanId: string) => action('scheduleCall', loanId),
    /** Asks for a call now; refused without a request until TCPA consent is recorded. */
    callMeNow: (loanId: string) => action('callMeNow', loanId),
    /** Starts policy retrieval; answers the hosted retrieval URL (refused unless safe to open). */
    initiatePolicyRetrieval: (loanId: string) => action('initiatePolicyRetrieval', loanId),
    /** Closes the loan application (optionally with the insurance bought elsewhere). */
    closeLoan: (loanId: string) => action('closeLoan', loanId),
  };
}

/** What {@link insuranceMutations} returns. */
export type InsuranceMutations = ReturnType<typeof insuranceMutations>;
