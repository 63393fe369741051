import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import type { Store } from '../store/Store.js';

/**
 * Takes one of the session's slots for a rate-limited operation, so one borrower (or one
 * scripted session) cannot spend the partner's whole budget and lock every other borrower out.
 * Refused at once with 429 and `Retry-After` rather than queued: the BFF adds no wait of its own.
 *
 * @throws {RateLimitedError} when the session used its share of the window.
 */
export async function takeSessionSlot(
  store: Store,
  sessionId: string,
  rate: { limit: number; windowMs: number },
): Promise<void> {
  const slot = await store.acquireSlot(`lir:session-rate:${sessionId}`, rate.limit, rate.windowMs);
  if (!slot.acquired) {
    throw new RateLimitedError(slot.retryInMs, 'Too many requests; try again shortly');
  }
}
