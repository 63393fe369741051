import { createTimeoutSignal } from '../http/createTimeoutSignal.js';
import type { CallSignal } from './createCallSignal.js';
import type { AttemptResult, ExchangeRequest } from './sendAttempt.js';

/** The message of an attempt's own timeout. */
export const ATTEMPT_TIMED_OUT = 'The attempt timed out';

/** How a transport names a failed exchange: the error's name and its code, if it has one. */
export type DescribeFailure = (error: unknown) => {
  errorName: string;
  errorCode: string | undefined;
};

/** An attempt's clock, as both transports run it (see {@link startAttempt}). */
export interface AttemptClock {
  /** Aborts on the attempt's time or with the call's signal. */
  signal: AbortSignal;
  /**
   * What a failure of the exchange comes to: `timeout` when the attempt's own time ran out, the
   * call signal's reason thrown when the caller or the deadline ended it, else `network`.
   */
  failure(error: unknown): AttemptResult;
  /** Stops the attempt's timer; call it once the attempt is over, however it ended. */
  end(): void;
}

/**
 * Starts the clock of one attempt: its time runs on the call's own signal when the call has
 * one (no controller of its own), else on a timeout signal that also follows `request.signal`.
 */
export function startAttempt(request: ExchangeRequest, describe: DescribeFailure): AttemptClock {
  const { call } = request;
  const timeout = call
    ? undefined
    : createTimeoutSignal(request.timeoutMs, ATTEMPT_TIMED_OUT, request.signal);
  call?.arm(request.timeoutMs, ATTEMPT_TIMED_OUT);
  const signal = timeout?.signal ?? (call as CallSignal).signal;
  return {
    signal,
    failure(error) {
      if (call) {
        // The attempt's own time, or else the caller or the deadline (their reason is thrown).
        if (call.disarm()) return { kind: 'timeout' };
        if (signal.aborted) throw signal.reason;
      } else {
        if (request.signal.aborted) throw request.signal.reason;
        if (timeout?.signal.aborted) return { kind: 'timeout' };
      }
      return { kind: 'network', ...describe(error) };
    },
    end() {
      timeout?.clear();
      call?.disarm();
    },
  };
}
