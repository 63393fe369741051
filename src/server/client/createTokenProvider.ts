import { raceSignal } from '../http/raceSignal.js';
import type { Store } from '../store/Store.js';
import type { IssuedToken } from './requestToken.js';

/** Hands out the partner's access token, refreshing it when due. */
export interface TokenProvider {
  /**
   * The cached token, or the outcome of the refresh in flight (starting one if there is none).
   * Aborting `signal` stops this caller's wait only: the shared refresh goes on for the others.
   */
  get(signal: AbortSignal): Promise<string>;
  /** Forgets `token` if it is still the cached one (a late 401 never drops a newer token). */
  invalidate(token: string): Promise<void>;
}

/** Inputs of {@link createTokenProvider}. */
export interface TokenProviderOptions {
  store: Store;
  /** Cache key, e.g. `lir:token:<clientId>:<partnerId or ->`. */
  key: string;
  /** How long a lock holder that died may block the others. */
  lockTtlMs: number;
  skewMs: number;
  /** One token request. */
  request: () => Promise<IssuedToken>;
  now: () => number;
}

/**
 * The token cache of one partner. A refresh is single-flight twice over: every caller in this
 * process joins the one promise in flight, and the refresh itself runs under `store.withLock`
 * and looks at the cache again inside it, so another process that refreshed first is reused.
 *
 * When to refresh is computed from the time the answer arrived plus `expires_in`, minus the
 * skew. The skew is at most half the lifetime, so a short-lived token (shorter than twice the
 * skew) is still reused for half its life instead of being requested on every call.
 *
 * A failed refresh rejects every caller waiting on it with the same error and is forgotten at
 * once, so the next `get` tries again; nothing failed is cached.
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const { store, key } = options;
  let inflight: Promise<string> | undefined;

  const refresh = () =>
    store.withLock(`${key}:lock`, options.lockTtlMs, async () => {
      const cached = await store.getToken(key);
      if (cached && cached.refreshAt > options.now()) return cached.token;
      const issued = await options.request();
      const receivedAt = options.now();
      const skew = Math.min(options.skewMs, issued.lifetimeMs / 2);
      await store.setToken(key, {
        token: issued.token,
        refreshAt: receivedAt + issued.lifetimeMs - skew,
      });
      return issued.token;
    });

  return {
    async get(signal) {
      // The store should drop a token at `refreshAt`; a networked one may round its expiry.
      const cached = await store.getToken(key);
      if (cached && cached.refreshAt > options.now()) return cached.token;
      if (!inflight) {
        const started = refresh();
        inflight = started;
        // Registered before any waiter's handler, so the slot is free by the time waiters run.
        const clear = () => {
          if (inflight === started) inflight = undefined;
        };
        started.then(clear, clear);
      }
      return raceSignal(inflight, signal);
    },
    invalidate: (token) => store.deleteToken(key, token),
  };
}
