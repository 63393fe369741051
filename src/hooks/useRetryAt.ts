import { useMemo } from 'react';
import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { RateLimitedError } from '../core/errors/RateLimitedError.js';

/**
 * When a rate-limited action may be tried again (ms since the epoch), so a UI can disable it
 * until then (U8); `undefined` for any other error. `since` is when the error arrived (now by
 * default).
 */
export function useRetryAt(error: InsuranceError | null, since?: number): number | undefined {
  return useMemo(() => {
    const wait =
      error?.code === 'rate_limited' ? (error as RateLimitedError).retryAfterMs : undefined;
    return wait === undefined ? undefined : (since || Date.now()) + wait;
  }, [error, since]);
}
