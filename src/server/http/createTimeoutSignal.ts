/** A signal that aborts after a delay, and a way to cancel that delay. */
export interface TimeoutSignal {
  readonly signal: AbortSignal;
  /** Cancels the timer (call it once the guarded work is over). */
  clear(): void;
}

/**
 * Like `AbortSignal.timeout`, but on the global `setTimeout`, so fake timers in tests drive it
 * and it can be cleared: `AbortSignal.timeout` runs on a timer no test can move. The reason is a
 * `TimeoutError` DOMException, as with `AbortSignal.timeout`.
 */
export function createTimeoutSignal(ms: number, message: string): TimeoutSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(message, 'TimeoutError')),
    Math.min(Math.max(0, ms), 2 ** 31 - 1),
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
