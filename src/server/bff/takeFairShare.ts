import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import type { BffContext } from './BffContext.js';
import { sha256Hex } from './sha256Hex.js';

/**
 * Takes one slot of the client's share of the partner's rate-limited budget, counted under its
 * fairness key (the session unless the host says otherwise), so one client, however many
 * sessions it opens, cannot spend the whole budget and lock every other borrower out. Refused
 * at once with 429 and `Retry-After` rather than queued: the BFF adds no wait of its own.
 *
 * @throws {RateLimitedError} when the client used its share of the window.
 */
export async function takeFairShare<S extends { id: string }>(
  ctx: Pick<BffContext<S>, 'fairnessKey' | 'fairShare' | 'store' | 'logger'>,
  session: S,
  request: Request,
): Promise<void> {
  let key = await ctx.fairnessKey({ session, request });
  if (typeof key !== 'string' || key === '') {
    ctx.logger.error('insurance bff: fairnessKey returned no key; counting by session instead', {
      got: typeof key,
    });
    key = `session:${session.id}`;
  }
  const { limit, windowMs } = ctx.fairShare;
  const slot = await ctx.store.acquireSlot(`lir:share:${await sha256Hex(key)}`, limit, windowMs);
  if (!slot.acquired) {
    throw new RateLimitedError(slot.retryInMs, 'Too many requests; try again shortly');
  }
}
