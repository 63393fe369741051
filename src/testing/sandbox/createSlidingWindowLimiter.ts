/** A per-key sliding-window limiter: at most `limit` acquisitions in any `windowMs`. */
export interface SlidingWindowLimiter {
  /** Takes a slot for `key` now, or returns false when the window is full (nothing counted). */
  tryAcquire(key: string): boolean;
  /** Milliseconds until `key` has a free slot (0 when it has one now). */
  waitMs(key: string): number;
}

/** Creates a {@link SlidingWindowLimiter} reading time from `now`. */
export function createSlidingWindowLimiter(options: {
  limit: number;
  windowMs: number;
  now: () => number;
}): SlidingWindowLimiter {
  const log = new Map<string, number[]>();
  const recent = (key: string) => {
    const from = options.now() - options.windowMs;
    const kept = (log.get(key) ?? []).filter((t) => t > from);
    log.set(key, kept);
    return kept;
  };
  return {
    tryAcquire(key) {
      const times = recent(key);
      if (times.length >= options.limit) return false;
      times.push(options.now());
      return true;
    },
    waitMs(key) {
      const times = recent(key);
      if (times.length < options.limit) return 0;
      return (times[times.length - options.limit] as number) + options.windowMs - options.now();
    },
  };
}
