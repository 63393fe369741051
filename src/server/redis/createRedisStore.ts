import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sleep } from '../client/sleep.js';
import { consoleLogger } from '../consoleLogger.js';
import type { CachedToken, SlotResult, Store, StreamEntry } from '../store/Store.js';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';
import { createCommandRunner } from './createCommandRunner.js';
import { createRedisSubscriptions } from './createRedisSubscriptions.js';
import type { RedisStoreLogger } from './RedisStoreLogger.js';
import { ACQUIRE_SLOT, APPEND, DELETE_TOKEN_IF, RELEASE_LOCK } from './redisScripts.js';
import { reportConnectionErrors } from './reportConnectionErrors.js';

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * An `ioredis` client, or a `redis://` / `rediss://` URL to create one from. A client you pass
   * stays yours (`close()` leaves it open); the store duplicates it once for subscriptions.
   */
  redis: Redis | string;
  /**
   * Prepended to every key and channel, for a Redis shared with other applications. Default
   * `''`: the library's own keys all start with `lir:`.
   */
  keyPrefix?: string;
  /**
   * Longest wait for any one command, including while Redis is unreachable; past it the call
   * rejects with {@link StoreUnavailableError}. Default 2 000 ms.
   */
  commandTimeoutMs?: number;
  /** Default: `console.warn`. */
  logger?: RedisStoreLogger;
}

/** A {@link Store} on Redis, with a way to let go of its connections. */
export interface RedisStore extends Store {
  /** Ends every subscription and closes the connections the store opened. */
  close(): Promise<void>;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;
const STREAM_ID = /^\d{1,20}(-\d{1,20})?$/;

/**
 * A {@link Store} shared by every BFF instance through one Redis (6.2 or later), so they share
 * one access token, one rate budget per partner, one de-duplication record and one event relay.
 *
 * - Token: a JSON value expiring at its `refreshAt`; the refresh runs under a lock
 *   (`SET NX PX` with a random holder id, released only by its holder), so one instance asks
 *   the service while the others wait and then reuse what it stored.
 * - Rate limit: a sorted set per window, trimmed and counted in one Lua script on the Redis
 *   server's clock: atomic across instances, whatever their clock skew.
 * - De-duplication, idempotency, consent, throttles: `SET NX PX` and plain `SET PX`.
 * - Event relay: a capped stream per loan (`XADD MAXLEN`, resumable by entry id) and pub/sub on
 *   a second connection, resubscribed on reconnect; subscribers hear `onInterrupted` when the
 *   connection drops so they can resume from the stream.
 *
 * Every command is bounded by `commandTimeoutMs` and fails with {@link StoreUnavailableError},
 * so a Redis outage fails closed: webhooks are answered 503 (the service delivers them again),
 * rate-limited calls are not sent, and browsers are told to retry. Keys are listed in the README
 * ("Several instances"). Enable persistence (AOF) so the de-duplication and backlog outlive a
 * Redis restart.
 *
 * @example
 * import { createRedisStore } from 'lender-insurance-react/server/redis';
 * const store = createRedisStore({ redis: process.env.REDIS_URL! });
 * const client = createServiceClient({ ...credentials, store });
 * const bff = createInsuranceBff({ client, store, getSession, authorize });
 * const webhooks = createWebhookHandler({ secret, store, relay: bff.relay });
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const timeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError('createRedisStore: commandTimeoutMs must be a positive number');
  }
  const owned = typeof options.redis === 'string';
  const redis =
    typeof options.redis === 'string'
      ? new Redis(options.redis, {
          // Nothing waits in a queue to run after the store has given up on it (see
          // createCommandRunner): commands are sent only once connected, and never resent.
          enableOfflineQueue: false,
          autoResendUnfulfilledCommands: false,
        })
      : options.redis;
  const prefix = options.keyPrefix ?? '';
  const logger = options.logger ?? consoleLogger;
  const instance = randomUUID();
  let sequence = 0;
  let closed = false;
  const k = (key: string) => `${prefix}${key}`;

  if (owned) reportConnectionErrors(redis, 'command', logger);
  const runner = createCommandRunner({ timeoutMs, isClosed: () => closed });
  const bounded = <T>(what: string, command: () => Promise<T>) =>
    runner.bounded(what, command, redis);
  const script = (body: string, key: string, args: (string | number)[]) =>
    runner.script(redis, body, key, args);
  const subscriptions = createRedisSubscriptions(redis, runner, logger);

  return {
    async getToken(key) {
      const raw = await bounded('GET token', () => redis.get(k(key)));
      if (raw === null) return null;
      try {
        const parsed = JSON.parse(raw) as CachedToken;
        return typeof parsed.token === 'string' && parsed.refreshAt > Date.now() ? parsed : null;
      } catch {
        return null;
      }
    },
    async setToken(key, token) {
      const ttl = Math.floor(token.refreshAt - Date.now());
      if (ttl <= 0) return;
      await bounded('SET token', () => redis.set(k(key), JSON.stringify(token), 'PX', ttl));
    },
    async deleteToken(key, token) {
      await bounded('delete token', () => script(DELETE_TOKEN_IF, k(key), [token]));
    },
    async withLock(key, ttlMs, fn) {
      const holder = `${instance}:${++sequence}`;
      // Waits at most one lease: by then the holder finished or its lock expired.
      const giveUpAt = Date.now() + ttlMs + timeoutMs;
      for (let attempt = 0; ; attempt++) {
        const taken = await bounded('SET NX lock', () =>
          redis.set(k(key), holder, 'PX', Math.ceil(ttlMs), 'NX'),
        );
        if (taken === 'OK') break;
        if (Date.now() >= giveUpAt) {
          throw new StoreUnavailableError(`Redis store: the lock ${key} stayed held`);
        }
        await sleep(Math.min(25 * 2 ** attempt, 250) * (0.5 + Math.random() / 2));
      }
      try {
        return await fn();
      } finally {
        await bounded('release lock', () => script(RELEASE_LOCK, k(key), [holder])).catch(
          () => undefined, // the lease expires by itself
        );
      }
    },
    async acquireSlot(key, limit, windowMs): Promise<SlotResult> {
      const member = `${instance}:${++sequence}`;
      const answer = (await bounded('acquire slot', () =>
        script(ACQUIRE_SLOT, k(key), [limit, Math.ceil(windowMs), member]),
      )) as [number, number];
      return answer[0] === 1
        ? { acquired: true }
        : { acquired: false, retryInMs: Math.max(1, Number(answer[1])) };
    },
    async setIfAbsent(key, value, ttlMs) {
      const set = await bounded('SET NX', () =>
        redis.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'),
      );
      return set === 'OK';
    },
    async set(key, value, ttlMs) {
      await bounded('SET', () =>
        ttlMs === undefined
          ? redis.set(k(key), value)
          : redis.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))),
      );
    },
    get: (key) => bounded('GET', () => redis.get(k(key))),
    async delete(key) {
      await bounded('DEL', () => redis.del(k(key)));
    },
    async publish(channel, message) {
      await bounded('PUBLISH', () => redis.publish(k(channel), message));
    },
    subscribe: (channel, listener, subscribeOptions) =>
      subscriptions.subscribe(k(channel), listener, subscribeOptions),
    async append(stream, message, maxLength, ttlMs) {
      const id = await bounded('XADD', () =>
        script(APPEND, k(stream), [Math.max(1, maxLength), message, Math.ceil(ttlMs)]),
      );
      return String(id);
    },
    async readAfter(stream, afterId) {
      // Entry ids are times, so a cursor from before a restart that lost the stream still
      // orders correctly against the entries written since. A cursor that is no stream id
      // (another store's) reads everything kept; events carry ids, so clients drop repeats.
      const start = afterId !== null && STREAM_ID.test(afterId) ? `(${afterId}` : '-';
      const entries = (await bounded('XRANGE', () => redis.xrange(k(stream), start, '+'))) as Array<
        [string, string[]]
      >;
      const out: StreamEntry[] = [];
      for (const [id, fields] of entries) {
        // Each entry is written with the one field `m`.
        if (fields[0] === 'm' && fields[1] !== undefined) out.push({ id, message: fields[1] });
      }
      return out;
    },
    async close() {
      if (closed) return;
      closed = true;
      subscriptions.close();
      if (owned) redis.disconnect();
    },
  };
}
