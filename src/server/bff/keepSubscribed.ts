import type { BffLogger } from './InsuranceBffOptions.js';

/** Options of {@link keepSubscribed}. */
export interface KeepSubscribedOptions {
  /** Subscribes; resolves to the unsubscribe function. `onInterrupted` reports a gap. */
  subscribe(onInterrupted: () => void): Promise<() => Promise<void>>;
  /** Messages may have been missed: while not subscribed, and when the subscription is interrupted. */
  onGap: () => void;
  logger: BffLogger;
  /** What is followed, for the log line (`loan events`). */
  what: string;
  /** Waits between attempts to subscribe. Default: 1 s doubling up to 30 s. */
  retryDelayMs?: (attempt: number) => number;
}

/** A subscription that keeps trying until it holds. */
export interface Subscription {
  /** Settles once the first attempt to subscribe settled (either way). */
  firstAttempt: Promise<void>;
  /** Unsubscribes, and stops trying. */
  stop(): Promise<void>;
}

const defaultDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);

/**
 * Subscribes to a channel of the store, retrying with backoff when the store cannot subscribe
 * (a shared store unreachable at start), so a BFF started during a store outage still follows
 * it once the store is back.
 */
export function keepSubscribed(options: KeepSubscribedOptions): Subscription {
  const { onGap, logger } = options;
  const delay = options.retryDelayMs ?? defaultDelay;
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let markFirst: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => {
    markFirst = resolve;
  });

  const attempt = async (n: number) => {
    try {
      const off = await options.subscribe(onGap);
      if (stopped) await off().catch(() => undefined);
      else unsubscribe = off;
    } catch (error) {
      if (n === 0) {
        logger.error(`insurance bff: cannot follow ${options.what} yet; retrying`, {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      onGap();
      if (!stopped) timer = setTimeout(() => void attempt(n + 1), delay(n));
    } finally {
      markFirst();
    }
  };
  void attempt(0);

  return {
    firstAttempt,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await firstAttempt;
      await unsubscribe?.().catch(() => undefined);
    },
  };
}
