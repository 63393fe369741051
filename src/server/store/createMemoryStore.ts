import type { CachedToken, SlotResult, Store, StreamEntry } from './Store.js';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Clock; default `Date.now` (so fake timers drive it). */
  now?: () => number;
}

interface Expiring {
  value: string;
  expiresAt: number;
}

/**
 * A {@link Store} in this process's memory: right for one BFF instance. Expired keys are
 * dropped when read and swept a few at a time as new ones are written, so memory stays bounded
 * by live keys, and a write costs the same however many keys are kept.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): Store {
  const now = options.now ?? (() => Date.now());
  const tokens = new Map<string, CachedToken>();
  const values = new Map<string, Expiring>();
  const windows = new Map<string, number[]>();
  const locks = new Map<string, Promise<unknown>>();
  const channels = new Map<string, Set<(message: string) => void>>();
  const streams = new Map<string, { seq: number; expiresAt: number; entries: StreamEntry[] }>();
  let writes = 0;
  // Where the sweep of values and streams goes on from: a few entries per write, so the cost of
  // a write stays the same however many keys are kept (a webhook record is kept 14 days).
  let valueSweep: Iterator<[string, Expiring]> | undefined;
  let streamSweep: Iterator<[string, { expiresAt: number }]> | undefined;

  const live = (key: string) => {
    const entry = values.get(key);
    if (entry !== undefined && entry.expiresAt <= now()) {
      values.delete(key);
      return undefined;
    }
    return entry;
  };
  /** Looks at `count` more entries of `map` from where the last call stopped, dropping expired ones. */
  function sweepSome<V extends { expiresAt: number }>(
    map: Map<string, V>,
    from: Iterator<[string, V]> | undefined,
    count: number,
    t: number,
  ): Iterator<[string, V]> | undefined {
    const iterator = from ?? map.entries();
    for (let i = 0; i < count; i++) {
      const next = iterator.next();
      if (next.done) {
        // A pass is over; the next one starts at the oldest entry, on a later write.
        return undefined;
      }
      if (next.value[1].expiresAt <= t) map.delete(next.value[0]);
    }
    return iterator;
  }
  // Every write looks at 2 values and 1 stream, at least as many as a write adds: a full pass
  // over n values takes n / 2 writes, so expired entries never outnumber the live ones by much,
  // and memory stays bounded by them.
  const sweep = (t: number) => {
    valueSweep = sweepSome(values, valueSweep, 2, t);
    streamSweep = sweepSome(streams, streamSweep, 1, t);
    if (++writes % 1000 !== 0) return;
    for (const [k, w] of windows) if (w.length === 0) windows.delete(k);
  };

  return {
    async getToken(key) {
      const t = tokens.get(key);
      return t && t.refreshAt > now() ? t : null;
    },
    async setToken(key, token) {
      tokens.set(key, token);
    },
    async deleteToken(key, token) {
      if (tokens.get(key)?.token === token) tokens.delete(key);
    },
    async withLock(key, _ttlMs, fn) {
      // One process: chaining on the previous holder is a lock that can never be orphaned.
      const previous = locks.get(key) ?? Promise.resolve();
      const run = previous.then(fn, fn);
      const tail = run.catch(() => undefined);
      locks.set(key, tail);
      void tail.then(() => {
        if (locks.get(key) === tail) locks.delete(key);
      });
      return run;
    },
    async acquireSlot(key, limit, windowMs): Promise<SlotResult> {
      const t = now();
      const times = (windows.get(key) ?? []).filter((x) => x > t - windowMs);
      windows.set(key, times);
      if (times.length < limit) {
        times.push(t);
        return { acquired: true };
      }
      return {
        acquired: false,
        retryInMs: Math.max(1, (times[times.length - limit] as number) + windowMs - t),
      };
    },
    async setIfAbsent(key, value, ttlMs) {
      // One clock read per write: the entry's expiry and the sweep's are the same instant.
      const t = now();
      const entry = values.get(key);
      if (entry !== undefined) {
        if (entry.expiresAt > t) return false;
        // Expired: dropped first, as a read drops it, so the new entry is the newest.
        values.delete(key);
      }
      values.set(key, { value, expiresAt: t + ttlMs });
      sweep(t);
      return true;
    },
    async set(key, value, ttlMs) {
      const t = now();
      values.set(key, {
        value,
        expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : t + ttlMs,
      });
      sweep(t);
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async delete(key) {
      values.delete(key);
    },
    async publish(channel, message) {
      const listeners = channels.get(channel);
      if (listeners === undefined) return;
      // A copy: a listener may subscribe or unsubscribe others while this goes through them.
      for (const listener of [...listeners]) {
        try {
          listener(message);
        } catch (error) {
          console.error('store subscriber failed', error);
        }
      }
    },
    async subscribe(channel, listener) {
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0) channels.delete(channel);
      };
    },
    async append(stream, message, maxLength, ttlMs) {
      let s = streams.get(stream);
      if (s === undefined) {
        s = { seq: 0, expiresAt: 0, entries: [] };
        streams.set(stream, s);
      }
      const t = now();
      s.seq += 1;
      s.expiresAt = t + ttlMs;
      const id = String(s.seq);
      s.entries.push({ id, message });
      // Usually one over the length: shift it, without splice's array of removed entries.
      while (s.entries.length > maxLength) s.entries.shift();
      sweep(t);
      return id;
    },
    async readAfter(stream, afterId) {
      const s = streams.get(stream);
      if (!s || s.expiresAt <= now()) return [];
      const after = afterId === null ? 0 : Number(afterId);
      return s.entries.filter((e) => Number(e.id) > after);
    },
  };
}
