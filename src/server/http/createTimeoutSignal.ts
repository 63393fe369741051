/** A signal that aborts after a delay, and a way to cancel that delay. */
export interface TimeoutSignal {
  readonly signal: AbortSignal;
  /** Cancels the timer and stops following `follow` (call it once the guarded work is over). */
  clear(): void;
}

/**
 * Like `AbortSignal.timeout`, but on the global `setTimeout`, so fake timers in tests drive it
 * and it can be cleared: `AbortSignal.timeout` runs on a timer no test can move. The reason is a
 * `TimeoutError` DOMException, as with `AbortSignal.timeout`.
 *
 * With `follow`, it also aborts when that signal does, with its reason: the same as
 * `AbortSignal.any([follow, timeout])`, with one controller instead of two and no weak
 * references, and `clear` removes the listener from `follow`, which may live much longer.
 */
export function createTimeoutSignal(
  ms: number,
  message: string,
  follow?: AbortSignal,
): TimeoutSignal {
  const controller = new AbortController();
  if (follow?.aborted) {
    controller.abort(follow.reason);
    return { signal: controller.signal, clear: () => undefined };
  }
  const onAbort = () => {
    clearTimeout(timer);
    controller.abort(follow?.reason);
  };
  const timer = setTimeout(
    () => {
      follow?.removeEventListener('abort', onAbort);
      controller.abort(new DOMException(message, 'TimeoutError'));
    },
    Math.min(Math.max(0, ms), 2 ** 31 - 1),
  );
  follow?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      follow?.removeEventListener('abort', onAbort);
    },
  };
}
