import type { QueryClientConfig } from '@tanstack/react-query';
import { QueryClient } from '@tanstack/react-query';
import { retryTransient } from './retryTransient.js';

/**
 * The QueryClient `InsuranceProvider` creates when none is given: queries retried only when it
 * may help ({@link retryTransient}), mutations never retried by themselves. A `config` given
 * replaces these defaults.
 *
 * @example
 * const queryClient = createInsuranceQueryClient();
 * <InsuranceProvider adapter={adapter} queryClient={queryClient}>…</InsuranceProvider>
 */
export function createInsuranceQueryClient(config?: QueryClientConfig): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryTransient },
      mutations: { retry: false },
    },
    ...config,
  });
}
