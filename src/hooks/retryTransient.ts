import { InsuranceError } from '../core/errors/InsuranceError.js';

/**
 * The query retry policy: at most two retries, and only when asking again may help (no answer,
 * a time-out, a 5xx). A 4xx, a refused input, a missing consent, a rate limit or an expired
 * session is never retried, so a UI never hammers the BFF (U8, U9, U11).
 *
 * @example
 * new QueryClient({ defaultOptions: { queries: { retry: retryTransient } } });
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !(error instanceof InsuranceError)) return false;
  return (
    error.code === 'network_error' ||
    error.code === 'timeout' ||
    (error.code === 'service_error' && (error.status ?? 0) >= 500)
  );
}
