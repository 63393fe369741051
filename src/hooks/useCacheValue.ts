import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { skipToken, useQuery } from '@tanstack/react-query';

/**
 * Reads a cache-only entry (events, sessions: written with `setQueryData`, never fetched) and
 * re-renders when it changes. Kept in the QueryClient rather than in module state, so it is
 * scoped per client and survives remounts (StrictMode's included).
 */
export function useCacheValue<T>(client: QueryClient, queryKey: QueryKey): T | undefined {
  return useQuery<T>({ queryKey, queryFn: skipToken }, client).data;
}
