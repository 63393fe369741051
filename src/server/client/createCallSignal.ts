/**
 * The one signal of a service call: it aborts when the caller's signal does (with its reason),
 * when the call's deadline passes (a `TimeoutError` DOMException), and when the running
 * attempt's own time runs out. One controller and its timers serve the whole call, rather than
 * a controller per call and another per attempt chained to it.
 */
export interface CallSignal {
  /** The current signal: after an attempt that ran out of time, a fresh one (see `disarm`). */
  readonly signal: AbortSignal;
  /** Starts an attempt's time: after `ms`, the signal aborts with a `TimeoutError` of its own. */
  arm(ms: number, message: string): void;
  /**
   * Ends the attempt's time. Returns whether it ran out: then the call goes on (a retry, its
   * backoff) with a fresh signal, itself aborted already if the caller aborted or the deadline
   * passed meanwhile.
   */
  disarm(): boolean;
  /** Whether `reason` is this call's deadline passing. */
  isDeadline(reason: unknown): boolean;
  /**
   * Settles like `promise`, or rejects with the signal's reason as soon as it aborts, as
   * `raceSignal` does but without a listener on the signal: the call aborts its own signal, and
   * rejects the one race it runs at a time (a `fetch`, then its body) itself.
   */
  race<T>(promise: Promise<T>): Promise<T>;

  /** Cancels the timers and stops following the caller's signal (once the call is over). */
  clear(): void;
}

const MAX_DELAY = 2 ** 31 - 1;
const delayOf = (ms: number) => Math.min(Math.max(0, ms), MAX_DELAY);

// A class, with the instance itself as the caller's listener (`handleEvent`) and as the timers'
// argument: a call makes no closures for its signal, only the controller and two timers.
class CallSignalState implements CallSignal {
  controller = new AbortController();
  deadline: DOMException | undefined;
  attemptTimer: ReturnType<typeof setTimeout> | undefined;
  attemptReason: DOMException | undefined;
  attemptMessage = '';
  /** Rejects the race running now, if any. */
  racer: ((reason: unknown) => void) | undefined;
  readonly deadlineTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    deadlineMs: number,
    readonly deadlineMessage: string,
    readonly caller: AbortSignal | undefined,
  ) {
    if (caller?.aborted) {
      this.abort(caller.reason);
      return;
    }
    this.deadlineTimer = setTimeout(passDeadline, delayOf(deadlineMs), this);
    caller?.addEventListener('abort', this, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The caller's signal aborted. */
  handleEvent(): void {
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.attemptTimer);
    this.abort(this.caller?.reason);
  }

  abort(reason: unknown): void {
    this.controller.abort(reason);
    const racer = this.racer;
    this.racer = undefined;
    racer?.(reason);
  }

  race<T>(promise: Promise<T>): Promise<T> {
    const { signal } = this.controller;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      this.racer = reject;
      promise.then(
        (value) => {
          if (this.racer === reject) this.racer = undefined;
          resolve(value);
        },
        (error: unknown) => {
          if (this.racer === reject) this.racer = undefined;
          reject(error);
        },
      );
    });
  }

  arm(ms: number, message: string): void {
    clearTimeout(this.attemptTimer);
    if (this.controller.signal.aborted) return;
    this.attemptMessage = message;
    this.attemptTimer = setTimeout(runOut, delayOf(ms), this);
  }

  disarm(): boolean {
    clearTimeout(this.attemptTimer);
    this.attemptTimer = undefined;
    const reason = this.attemptReason;
    this.attemptReason = undefined;
    if (reason === undefined || this.controller.signal.reason !== reason) return false;
    this.controller = new AbortController();
    if (this.caller?.aborted) this.abort(this.caller.reason);
    else if (this.deadline !== undefined) this.abort(this.deadline);
    return true;
  }

  isDeadline(reason: unknown): boolean {
    return this.deadline !== undefined && reason === this.deadline;
  }

  clear(): void {
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.attemptTimer);
    this.caller?.removeEventListener('abort', this);
  }
}

function passDeadline(state: CallSignalState): void {
  state.caller?.removeEventListener('abort', state);
  clearTimeout(state.attemptTimer);
  state.deadline = new DOMException(state.deadlineMessage, 'TimeoutError');
  state.abort(state.deadline);
}

function runOut(state: CallSignalState): void {
  state.attemptReason = new DOMException(state.attemptMessage, 'TimeoutError');
  state.abort(state.attemptReason);
}

/**
 * Creates a {@link CallSignal}. Its timers run on the global `setTimeout`, so fake timers in
 * tests drive them (as `createTimeoutSignal`'s); `clear` removes the listener from `caller`,
 * which may live much longer than the call.
 */
export function createCallSignal(
  deadlineMs: number,
  deadlineMessage: string,
  caller?: AbortSignal,
): CallSignal {
  return new CallSignalState(deadlineMs, deadlineMessage, caller);
}
