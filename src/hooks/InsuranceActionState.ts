import type { InsuranceError } from '../core/errors/InsuranceError.js';

/** What every acting hook returns besides its action function. */
export interface InsuranceActionState<TData> {
  /** The result of the last successful action. */
  data: TData | undefined;
  /** Why the last action failed, typed (`ValidationError`, `ConsentRequiredError`, …). */
  error: InsuranceError | null;
  /** Per field path, the first message of a `ValidationError` (`{}` otherwise). */
  fieldErrors: Readonly<Record<string, string>>;
  /** An action is in flight: disable its button (further calls are ignored meanwhile, U3). */
  isPending: boolean;
  isSuccess: boolean;
  /** After a `RateLimitedError`: when trying again is allowed (ms since the epoch, U8). */
  retryAt: number | undefined;
  /**
   * Abandons the action in flight and returns to idle. Trying again sends the same
   * idempotency key, so the server still acts at most once (U10).
   */
  cancel(): void;
  /** Clears `data` and `error`. */
  reset(): void;
}
