import type { InsuranceError } from '../core/errors/InsuranceError.js';

/** What every reading hook returns, whatever it reads. */
export interface InsuranceQueryState<TData> {
  data: TData | undefined;
  /** The last failure, typed (`RateLimitedError`, `UnauthorizedError`, `NetworkError`, …). */
  error: InsuranceError | null;
  /** The first load is in flight (no data yet). */
  isLoading: boolean;
  /** Any load is in flight, a background refresh included. */
  isFetching: boolean;
  isSuccess: boolean;
  /** After a `RateLimitedError`: when asking again is allowed (ms since the epoch). */
  retryAt: number | undefined;
  /** Reads again now. */
  refetch(): Promise<void>;
  /** Abandons the load in flight (a hung request, U10); the data stays as it was. */
  cancel(): Promise<void>;
}
