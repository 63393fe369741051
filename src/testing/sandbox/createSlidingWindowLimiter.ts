/** A per-key sliding-window limiter: at most `limit` acquisitions in any `windowMs`. */
export interface SlidingWindowLimiter {
  /** Takes a slot for `key` now, or returns false when the window is full (nothing counted). */
  tryAcquire(key: string): boolean;
}

/** Creates a {@link SlidingWindowLimiter} reading time from `now`. */
export function createSlidingWindowLimiter(options: {
  limit: number;
  windowMs: number;
  now: () => number;
}): SlidingWindowLimiter {
  const log = new Map<string, number[]>();
  return {
    tryAcquire(key) {
      const from = options.now() - options.windowMs;
      const times = (log.get(key) ?? []).filter((t) => t > from);
      log.set(key, times);
      if (times.length >= options.limit) return false;
      times.push(options.now());
      return true;
    },
  };
}
