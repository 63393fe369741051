import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import type { Store } from '../store/Store.js';
import type { CallPriority } from './ServiceClient.js';

/** Waits for a slot of the partner's rate limit. */
export interface RateLimitQueue {
  /**
   * Resolves once a slot is taken for this caller. Rejects with `RateLimitedError(retryAfterMs)`
   * when no slot can be had before `deadlineAt` (as soon as that is known), or with the
   * signal's reason when it aborts; either way the caller leaves the queue.
   */
  acquire(priority: CallPriority, deadlineAt: number, signal?: AbortSignal): Promise<void>;
  /** Callers waiting now. */
  readonly size: number;
}

/** Inputs of {@link createRateLimitQueue}. */
export interface RateLimitQueueOptions {
  store: Store;
  /** Window key, e.g. `lir:rate:<clientId>:<partnerId or ->`. */
  key: string;
  limit: number;
  /** The part of `limit` background calls may use, leaving the rest to interactive ones. */
  backgroundLimit: number;
  windowMs: number;
  now: () => number;
}

interface Waiter {
  priority: CallPriority;
  deadlineAt: number;
  resolve(): void;
  reject(error: unknown): void;
  cleanup(): void;
}

/**
 * The partner's queue in front of `store.acquireSlot`: interactive callers before background
 * ones, first come first served within a priority. One pump serves the head: it takes a slot
 * from the store (the shared sliding window), or sleeps until the store says one frees
 * (`retryInMs`). Only the pump talks to the store, so a newcomer never overtakes a waiter.
 *
 * A background head asks for a slot under `backgroundLimit`, so a burst of background calls
 * (webhook follow-ups) never fills the window: an interactive caller arriving meanwhile wakes
 * the pump and is served from the part kept for it.
 *
 * When the next slot is known to free after a waiter's deadline, that waiter fails at once
 * rather than waiting in vain; otherwise it fails at its deadline. Either way its
 * `RateLimitedError.retryAfterMs` is the time until the store's next free slot: a lower bound
 * when others still queue ahead.
 */
export function createRateLimitQueue(options: RateLimitQueueOptions): RateLimitQueue {
  const { store, key, now } = options;
  const interactive: Waiter[] = [];
  const background: Waiter[] = [];
  let pumping = false;
  let wake: (() => void) | undefined;
  let nextSlotAt = 0;

  const head = () => interactive[0] ?? background[0];
  const retryAfter = () => Math.max(1, Math.ceil(nextSlotAt - now()));

  const leave = (waiter: Waiter) => {
    const list = waiter.priority === 'interactive' ? interactive : background;
    const index = list.indexOf(waiter);
    if (index === -1) return false;
    list.splice(index, 1);
    waiter.cleanup();
    // Nobody left to serve: end the pump's nap rather than keep a timer for nothing.
    if (!head()) wake?.();
    return true;
  };

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      for (let first = head(); first; first = head()) {
        const limit = first.priority === 'interactive' ? options.limit : options.backgroundLimit;
        const slot = await store.acquireSlot(key, limit, options.windowMs);
        if (slot.acquired) {
          // The head may have changed while the store answered: the slot goes to whoever is
          // first now (a slot taken for a waiter that left is not wasted).
          const served = head();
          if (served && leave(served)) served.resolve();
          continue;
        }
        nextSlotAt = now() + slot.retryInMs;
        // Nobody of the head's priority, or below it, can be served before then.
        const hopeless =
          first.priority === 'interactive' ? [...interactive, ...background] : [...background];
        for (const waiter of hopeless) {
          if (waiter.deadlineAt < nextSlotAt && leave(waiter)) {
            waiter.reject(new RateLimitedError(retryAfter()));
          }
        }
        // A new head arrived while the store answered (an interactive caller): serve it now.
        if (head() === first) await nap(slot.retryInMs);
      }
    } catch (error) {
      // The store failed: nobody can be served reliably; let every waiter see why.
      for (const waiter of [...interactive, ...background]) {
        if (leave(waiter)) waiter.reject(error);
      }
    } finally {
      pumping = false;
    }
  };

  return {
    get size() {
      return interactive.length + background.length;
    },
    acquire(priority, deadlineAt, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          if (leave(waiter)) reject(signal?.reason);
        };
        const timer = setTimeout(
          () => {
            if (leave(waiter)) reject(new RateLimitedError(retryAfter()));
          },
          Math.max(0, deadlineAt - now()),
        );
        const waiter: Waiter = {
          priority,
          deadlineAt,
          resolve,
          reject,
          cleanup: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const before = head();
        (priority === 'interactive' ? interactive : background).push(waiter);
        // A new head (an interactive caller behind background ones) may be servable right away
        // from the slots kept for interactive calls: do not let it sleep out a background wait.
        if (head() !== before) wake?.();
        void pump();
      });
    },
  };
}
