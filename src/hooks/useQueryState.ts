import type { UseQueryOptions } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { InsuranceQueryState } from './InsuranceQueryState.js';
import { useInsuranceContext } from './useInsuranceContext.js';
import { useRetryAt } from './useRetryAt.js';

/** `useQuery` on the provider's client, reduced to {@link InsuranceQueryState}. */
export function useQueryState<T>(
  // biome-ignore lint/suspicious/noExplicitAny: any query key of the factories
  options: UseQueryOptions<T, InsuranceError, T, any>,
  enabled = true,
): InsuranceQueryState<T> {
  const client = useInsuranceContext().queryClient;
  const query = useQuery({ ...options, enabled }, client);
  return {
    data: query.data,
    error: query.error,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isSuccess: query.isSuccess,
    retryAt: useRetryAt(query.error, query.errorUpdatedAt),
    refetch: async () => {
      await query.refetch();
    },
    cancel: () => client.cancelQueries({ queryKey: options.queryKey }),
  };
}
