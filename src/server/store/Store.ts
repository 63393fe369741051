/** A cached access token. */
export interface CachedToken {
  token: string;
  /** When to stop using it (ms since the epoch), already shortened by the refresh skew. */
  refreshAt: number;
}

/** The outcome of taking a rate-limit slot. */
export type SlotResult = { acquired: true } | { acquired: false; retryInMs: number };

/** An entry of an append-only stream. */
export interface StreamEntry {
  /** Increasing within a stream; pass it back to read what came after. */
  id: string;
  message: string;
}

/** Options of {@link Store.subscribe}. */
export interface SubscribeOptions {
  /**
   * Called when messages may have been missed: a networked store lost its connection (it
   * resubscribes by itself once it is back). Whoever relays them should re-read what it keeps
   * durably (a stream) from its last position; the BFF ends its event streams so browsers resume
   * with `Last-Event-ID`. Never called by the in-memory store.
   */
  onInterrupted?: () => void;
}

/**
 * Shared state of the server side. The in-memory store serves one process; a store over Redis
 * (or anything with atomic set-if-absent, sorted sets, pub/sub and streams) lets several BFF
 * instances share one token, one rate budget, one de-duplication record and one event relay.
 *
 * Every method is async so a networked store fits the same shape. Keys are opaque strings the
 * library namespaces itself (`lir:` prefix). A store that cannot answer rejects with
 * `StoreUnavailableError` within a bounded time.
 */
export interface Store {
  /** The cached token for `key`, or null. */
  getToken(key: string): Promise<CachedToken | null>;
  /** Caches a token until its `refreshAt`. */
  setToken(key: string, token: CachedToken): Promise<void>;
  /** Forgets the token for `key` only if it is still `token` (a late 401 never drops a newer one). */
  deleteToken(key: string, token: string): Promise<void>;
  /** Runs `fn` holding a lock on `key` (released after, or after `ttlMs` if the holder died). */
  withLock<T>(key: string, ttlMs: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Atomically takes a slot in a sliding window of `limit` per `windowMs`, or says when to retry.
   * `limit` is per call, not per key: callers use a lower limit on the same key to keep a reserve
   * (background calls stop at 80 % so a borrower never waits behind them).
   */
  acquireSlot(key: string, limit: number, windowMs: number): Promise<SlotResult>;
  /** Sets `key` if absent, with an expiry; true when this call set it (a claim). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Sets `key`, with an optional expiry. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** The value of `key`, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Removes `key`. */
  delete(key: string): Promise<void>;
  /** Publishes to every subscriber of `channel`, in this process and others. */
  publish(channel: string, message: string): Promise<void>;
  /** Subscribes to `channel`; resolves once subscribed, to a function that unsubscribes. */
  subscribe(
    channel: string,
    listener: (message: string) => void,
    options?: SubscribeOptions,
  ): Promise<() => Promise<void>>;
  /** Appends to a stream kept to its last `maxLength` entries for `ttlMs`; returns the entry id. */
  append(stream: string, message: string, maxLength: number, ttlMs: number): Promise<string>;
  /** The entries after `afterId` (all kept entries when null), oldest first. */
  readAfter(stream: string, afterId: string | null): Promise<StreamEntry[]>;
}
