import { InsuranceError } from '../core/errors/InsuranceError.js';
import { NetworkError } from '../core/errors/NetworkError.js';
import { TimeoutError } from '../core/errors/TimeoutError.js';
import { anySignal } from './anySignal.js';

/** A request's time limit, joined with the caller's own signal. */
export interface Deadline {
  /** Pass to `fetch`: aborts on the time limit or when the caller aborts. */
  readonly signal: AbortSignal;
  /** Stops the clock (the answer is in, or the request failed). */
  clear(): void;
  /**
   * What a failed `fetch` or body read means for the caller: its own abort reason when it
   * aborted (React Query cancels queries that way), a `TimeoutError` when the time ran out,
   * otherwise a `NetworkError` (offline, connection refused, CORS).
   */
  explain(error: unknown): unknown;
}

/**
 * Starts a deadline of `timeoutMs`. A plain timer rather than `AbortSignal.timeout`, so that it
 * can be cleared and so fake timers drive it in tests.
 */
export function startDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const timer = new AbortController();
  const id = setTimeout(() => timer.abort(new TimeoutError()), timeoutMs);
  return {
    signal: caller ? anySignal([caller, timer.signal]) : timer.signal,
    clear: () => clearTimeout(id),
    explain(error) {
      if (caller?.aborted) return caller.reason;
      if (timer.signal.aborted) return new TimeoutError(undefined, error);
      if (error instanceof InsuranceError) return error;
      return new NetworkError(undefined, error);
    },
  };
}
