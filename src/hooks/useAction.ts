import type { UseMutationOptions } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { ValidationError } from '../core/errors/ValidationError.js';
import type { InsuranceActionState } from './InsuranceActionState.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useRetryAt } from './useRetryAt.js';

const NO_FIELD_ERRORS: Readonly<Record<string, string>> = {};

/** What {@link useAction} gives the acting hooks. */
export interface Action<TData, TVariables> {
  /**
   * Runs the action unless the same intent is in flight or a rate limit's wait is not over;
   * never rejects (see `state.error`).
   */
  run(variables: TVariables): Promise<TData | undefined>;
  /** Whether the same intent is in flight, in any component on this client. */
  busy(variables: TVariables): boolean;
  /** The variables of this component's action in flight. */
  pending: TVariables | undefined;
  state: InsuranceActionState<TData>;
}

/**
 * `useMutation` on the provider's client, with what every acting hook needs: one request per
 * intent however often it is asked for (U3), a cancel that aborts the request (U10), typed
 * errors with field errors and `retryAt`. `sameIntent` says which in-flight variables count as
 * the same intent (default: any).
 */
export function useAction<TData, TVariables, TOnMutate>(
  build: (
    signal: () => AbortSignal | undefined,
  ) => UseMutationOptions<TData, InsuranceError, TVariables, TOnMutate>,
  sameIntent: (pending: TVariables, next: TVariables) => boolean = () => true,
): Action<TData, TVariables> {
  const client = useInsuranceContext().queryClient;
  const abort = useRef<AbortController | null>(null);
  const options = build(() => abort.current?.signal);
  const mutation = useMutation(options, client);
  const { error, reset } = mutation;
  const retryAt = useRetryAt(error);
  const fieldErrors = useMemo(
    // By code rather than class: only a ValidationError has it, and the class stays lazy.
    () =>
      error?.code === 'validation_error'
        ? (error as ValidationError).fieldErrors()
        : NO_FIELD_ERRORS,
    [error],
  );
  const busy = (variables: TVariables) =>
    client
      .getMutationCache()
      .findAll({ mutationKey: options.mutationKey, status: 'pending' })
      .some((m) => sameIntent(m.state.variables as TVariables, variables));
  return {
    busy,
    pending: mutation.isPending ? mutation.variables : undefined,
    async run(variables) {
      // Rate limited: refused without a request until the wait is over (U8).
      if (busy(variables) || (retryAt ?? 0) > Date.now()) return undefined;
      abort.current = new AbortController();
      try {
        return await mutation.mutateAsync(variables);
      } catch {
        return undefined;
      }
    },
    state: {
      data: mutation.data,
      error,
      fieldErrors,
      isPending: mutation.isPending,
      isSuccess: mutation.isSuccess,
      retryAt,
      cancel() {
        abort.current?.abort();
        reset();
      },
      reset,
    },
  };
}
