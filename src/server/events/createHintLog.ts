/** Where a hint goes: the BFF's, the receiver's or the relay's logger. */
export interface HintLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

/** Options of {@link createHintLog}. */
export interface HintLogOptions {
  logger: HintLogger;
  /** Default `error`: a hint names a setting to fix. */
  level?: 'warn' | 'error';
  /** Clock (ms). Default `Date.now`. */
  now?: () => number;
  /** Least time between two lines for one key. Default 60 000 ms. */
  intervalMs?: number;
  /** Keys remembered at once (each at most one line per interval). Default 32. */
  maxKeys?: number;
  /** The metadata key counting the lines left out since the last one. */
  suppressedKey?: string;
}

/**
 * Logs `message` for `key` unless a line for `key` went out less than the interval ago; returns
 * whether it was logged. A line after some were left out says how many in its metadata.
 */
export type HintLog = (key: string, message: string, meta?: Record<string, unknown>) => boolean;

/**
 * A log for operator hints ("set this option"): at most one line per key per interval, and at
 * most `maxKeys` keys at once, so a misconfigured server answering a flood of requests, or a
 * flood of made-up values, neither floods the log nor grows the memory. A logger that throws
 * is ignored: a hint must never change an answer.
 */
export function createHintLog(options: HintLogOptions): HintLog {
  const { logger } = options;
  const level = options.level ?? 'error';
  const now = options.now ?? (() => Date.now());
  const intervalMs = options.intervalMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 32;
  const suppressedKey = options.suppressedKey ?? 'suppressedSinceLastLog';
  /** Per key: when it was last logged, and how many lines since were left out. */
  const logged = new Map<string, { at: number; suppressed: number }>();

  return (key, message, meta = {}) => {
    const t = now();
    const last = logged.get(key);
    if (last && t - last.at < intervalMs) {
      last.suppressed++;
      return false;
    }
    if (!last && logged.size >= maxKeys) {
      for (const [other, entry] of logged) {
        if (t - entry.at >= intervalMs) logged.delete(other);
      }
      if (logged.size >= maxKeys) return false;
    }
    logged.set(key, { at: t, suppressed: 0 });
    try {
      logger[level](message, {
        ...meta,
        ...(last && last.suppressed > 0 ? { [suppressedKey]: last.suppressed } : {}),
      });
    } catch {
      // Nothing to do: the request is answered the same way.
    }
    return true;
  };
}
