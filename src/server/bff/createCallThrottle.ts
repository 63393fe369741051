import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import type { Store } from '../store/Store.js';

/** A taken throttle slot; give it back when the call did not happen. */
export interface ThrottleSlot {
  release(): Promise<void>;
}

/** One sensitive action (an advisor's phone ringing) per loan per window. */
export interface CallThrottle {
  /** @throws {RateLimitedError} with the time left when the loan already used its window. */
  take(loanId: string): Promise<ThrottleSlot>;
}

/**
 * Creates a {@link CallThrottle} over the store (`lir:call-me-now:<loanId>`), so every BFF
 * instance shares it. The value is the window's end, which gives `Retry-After`.
 */
export function createCallThrottle(
  store: Store,
  windowMs: number,
  now: () => number = () => Date.now(),
): CallThrottle {
  const key = (loanId: string) => `lir:call-me-now:${loanId}`;
  return {
    async take(loanId) {
      const until = now() + windowMs;
      if (await store.setIfAbsent(key(loanId), String(until), windowMs)) {
        return { release: () => store.delete(key(loanId)) };
      }
      const held = Number(await store.get(key(loanId)));
      const left = Number.isFinite(held) && held > now() ? held - now() : windowMs;
      throw new RateLimitedError(left, 'An advisor was already asked to call about this loan');
    },
  };
}
