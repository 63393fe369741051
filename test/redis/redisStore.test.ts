import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RedisStore } from '../../src/server/redis/createRedisStore.js';
import { createRedisStore } from '../../src/server/redis/createRedisStore.js';
import { StoreUnavailableError } from '../../src/server/store/StoreUnavailableError.js';
import type { RedisServer } from '../support/startRedisServer.js';
import { startRedisServer } from '../support/startRedisServer.js';

// The Redis store against a real redis-server: what the memory store's tests check, plus what
// only several connections can show (two stores stand for two BFF instances).

let server: RedisServer;
let admin: Redis;
const stores: RedisStore[] = [];
const quiet = { warn: () => undefined };

/** A store of its own connection, like one BFF instance. */
function instance(options: { keyPrefix?: string; commandTimeoutMs?: number } = {}) {
  const store = createRedisStore({ redis: server.url, logger: quiet, ...options });
  stores.push(store);
  return store;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `predicate` holds, polling; fails after `ms`. */
async function until(predicate: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

beforeAll(async () => {
  server = await startRedisServer();
  admin = new Redis(server.url);
  admin.on('error', () => undefined); // the server is stopped on purpose below
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await admin.flushall();
});
afterAll(async () => {
  admin?.disconnect();
  await server?.close();
});

describe('createRedisStore: tokens and locks', () => {
  it('shares a token between instances until its refresh time, then none', async () => {
    const [a, b] = [instance(), instance()];
    await a.setToken('lir:token:c:-', { token: 't1', refreshAt: Date.now() + 200 });
    expect(await b.getToken('lir:token:c:-')).toMatchObject({ token: 't1' });
    const ttl = await admin.pttl('lir:token:c:-');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(200);
    await sleep(250);
    expect(await b.getToken('lir:token:c:-')).toBeNull();
  });

  it('deletes a token only when it is still the one named (a late 401 keeps a newer token)', async () => {
    const [a, b] = [instance(), instance()];
    await a.setToken('k', { token: 'new', refreshAt: Date.now() + 60_000 });
    await b.deleteToken('k', 'old');
    expect(await a.getToken('k')).toMatchObject({ token: 'new' });
    await b.deleteToken('k', 'new');
    expect(await a.getToken('k')).toBeNull();
  });

  it('lets one holder at a time run across instances, and releases after a failure', async () => {
    const instances = [instance(), instance(), instance()];
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    const hold = (store: RedisStore, n: number) =>
      store.withLock('lir:lock:x', 5_000, async () => {
        inside++;
        most = Math.max(most, inside);
        await sleep(20);
        order.push(n);
        inside--;
        if (n === 0) throw new Error('holder failed');
        return n;
      });
    const results = await Promise.allSettled(
      Array.from({ length: 9 }, (_, n) => hold(instances[n % 3] as RedisStore, n)),
    );
    expect(most).toBe(1);
    expect(order.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(await admin.exists('lir:lock:x')).toBe(0);
  });

  it("takes over a dead holder's lock once its lease runs out, and never releases another holder's", async () => {
    const store = instance();
    await admin.set('lir:lock:y', 'a holder that died', 'PX', 150);
    const ran = await store.withLock('lir:lock:y', 5_000, async () => {
      // Still holding: the dead holder's lease ended, and ours is in place.
      expect(await admin.get('lir:lock:y')).not.toBe('a holder that died');
      await admin.set('lir:lock:y', 'someone else', 'PX', 5_000); // our lease stolen
      return 'ran';
    });
    expect(ran).toBe('ran');
    expect(await admin.get('lir:lock:y')).toBe('someone else');
  });
});

describe('createRedisStore: options and waits', () => {
  it('refuses a command timeout that is not a positive number, before connecting', () => {
    for (const commandTimeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createRedisStore({ redis: server.url, commandTimeoutMs })).toThrow(
        'commandTimeoutMs must be a positive number',
      );
    }
  });

  it('gives up on a lock another live holder keeps past one lease, with StoreUnavailableError', async () => {
    const store = instance({ commandTimeoutMs: 200 });
    await admin.set('lir:lock:held', 'a live holder', 'PX', 10_000);
    const ran = vi.fn(async () => 'never');
    await expect(store.withLock('lir:lock:held', 100, ran)).rejects.toThrow(
      new StoreUnavailableError('Redis store: the lock lir:lock:held stayed held'),
    );
    expect(ran).not.toHaveBeenCalled();
    expect(await admin.get('lir:lock:held')).toBe('a live holder');
  });
});

describe('createRedisStore: the shared sliding window', () => {
  it('grants exactly the limit to concurrent callers of several instances, and says when to retry', async () => {
    const instances = [instance(), instance(), instance()];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (instances[i % 3] as RedisStore).acquireSlot('lir:rate:c:-', 25, 1_000),
      ),
    );
    expect(answers.filter((a) => a.acquired)).toHaveLength(25);
    for (const a of answers) {
      if (!a.acquired) {
        expect(a.retryInMs).toBeGreaterThan(0);
        expect(a.retryInMs).toBeLessThanOrEqual(1_000);
      }
    }
    // Refusals are not counted: the window holds the 25 taken slots only.
    expect(await admin.zcard('lir:rate:c:-')).toBe(25);
  });

  it('applies the limit of each call, so a lower one keeps a reserve on the same key', async () => {
    const store = instance();
    const background = [];
    for (let i = 0; i < 6; i++) background.push(await store.acquireSlot('r', 4, 10_000));
    expect(background.map((s) => s.acquired)).toEqual([true, true, true, true, false, false]);
    expect(await store.acquireSlot('r', 5, 10_000)).toEqual({ acquired: true });
    expect((await store.acquireSlot('r', 5, 10_000)).acquired).toBe(false);
  });

  it('frees slots as they leave the window', async () => {
    const store = instance();
    expect(await store.acquireSlot('w', 1, 150)).toEqual({ acquired: true });
    const refused = await store.acquireSlot('w', 1, 150);
    expect(refused.acquired).toBe(false);
    await sleep(refused.acquired ? 0 : refused.retryInMs + 20);
    expect(await store.acquireSlot('w', 1, 150)).toEqual({ acquired: true });
  });
});

describe('createRedisStore: values', () => {
  it('sets if absent for exactly one of many concurrent instances, until the value expires', async () => {
    const instances = [instance(), instance(), instance()];
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (instances[i % 3] as RedisStore).setIfAbsent('lir:webhook:evt_1', `holder-${i}`, 150),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await sleep(200);
    expect(await instances[0]?.setIfAbsent('lir:webhook:evt_1', 'later', 150)).toBe(true);
  });

  it('sets, overwrites, keeps without expiry and deletes', async () => {
    const store = instance();
    await store.set('a', '1');
    await store.set('a', '2', 60_000);
    expect(await store.get('a')).toBe('2');
    await store.set('b', 'kept');
    expect(await admin.pttl('b')).toBe(-1);
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });

  it('puts every key and channel under keyPrefix, apart from other prefixes', async () => {
    const [app1, app2] = [instance({ keyPrefix: 'app1:' }), instance({ keyPrefix: 'app2:' })];
    await app1.set('lir:x', 'one');
    expect(await admin.get('app1:lir:x')).toBe('one');
    expect(await app2.get('lir:x')).toBeNull();
    const heard: string[] = [];
    await app2.subscribe('lir:loans', (m) => heard.push(m));
    await app1.publish('lir:loans', 'not for app2');
    await admin.publish('app2:lir:loans', 'for app2');
    await until(() => heard.length > 0);
    expect(heard).toEqual(['for app2']);
  });
});

describe('createRedisStore: pub/sub and streams', () => {
  it('delivers a message published by one instance to subscribers of another until they unsubscribe', async () => {
    const [a, b] = [instance(), instance()];
    const first: string[] = [];
    const second: string[] = [];
    const off1 = await b.subscribe('lir:loan:ln_1', (m) => first.push(m));
    await b.subscribe('lir:loan:ln_1', (m) => second.push(m));
    await a.publish('lir:loan:ln_1', 'one');
    await until(() => first.length === 1 && second.length === 1);
    await off1();
    await a.publish('lir:loan:ln_1', 'two');
    await until(() => second.length === 2);
    expect(first).toEqual(['one']);
    expect(second).toEqual(['one', 'two']);
  });

  it('appends with increasing ids, reads after an id, and keeps only the last entries', async () => {
    const [a, b] = [instance(), instance()];
    const ids: string[] = [];
    for (const m of ['m1', 'm2', 'm3', 'm4'])
      ids.push(await a.append('lir:events:ln', m, 3, 60_000));
    // Stream ids are `<ms>-<seq>`: each later than the one before.
    const key = (id: string) =>
      id
        .split('-')
        .map((n) => n.padStart(20, '0'))
        .join('-');
    expect(ids.map(key)).toEqual(ids.map(key).sort());
    expect(new Set(ids).size).toBe(4);
    expect((await b.readAfter('lir:events:ln', null)).map((e) => e.message)).toEqual([
      'm2',
      'm3',
      'm4',
    ]);
    expect(await b.readAfter('lir:events:ln', ids[2] as string)).toEqual([
      { id: ids[3], message: 'm4' },
    ]);
    expect(await b.readAfter('lir:events:ln', ids[3] as string)).toEqual([]);
    // A cursor that is no stream id (another store's) reads everything kept.
    expect(await b.readAfter('lir:events:ln', 'not-an-id')).toHaveLength(3);
    expect(await b.readAfter('lir:events:none', null)).toEqual([]);
    const ttl = await admin.pttl('lir:events:ln');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('createRedisStore: Redis unreachable, then back', () => {
  it('fails every call with StoreUnavailableError within the command timeout, tells subscribers, and recovers', async () => {
    const store = instance({ commandTimeoutMs: 300 });
    const publisher = instance();
    const heard: string[] = [];
    let interrupted = 0;
    await store.subscribe('lir:loans', (m) => heard.push(m), {
      onInterrupted: () => interrupted++,
    });
    await store.set('kept', 'yes');
    await store.acquireSlot('lir:rate:z', 10, 60_000); // loads the script

    await server.stop();
    await until(() => interrupted > 0);
    for (const call of [
      () => store.get('kept'),
      () => store.setIfAbsent('lir:webhook:evt_x', 'p', 1_000),
      () => store.acquireSlot('lir:rate:z', 10, 60_000),
      () => store.withLock('lir:lock:z', 1_000, async () => 'never'),
      () => store.publish('lir:loans', 'lost'),
      () => store.append('lir:events:z', 'lost', 10, 60_000),
      () => store.readAfter('lir:events:z', null),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(StoreUnavailableError);
    }

    await server.start();
    // The append-only file kept what was written; the restarted server forgot the script
    // (EVALSHA answers NOSCRIPT, and the store loads it again); the subscription comes back.
    const deadline = Date.now() + 10_000;
    let value: string | null = null;
    while (Date.now() < deadline) {
      value = await store.get('kept').catch(() => null);
      if (value !== null) break;
      await sleep(50);
    }
    expect(value).toBe('yes');
    expect((await store.acquireSlot('lir:rate:z', 10, 60_000)).acquired).toBe(true);
    for (let i = 0; heard.length === 0 && i < 100; i++) {
      await publisher.publish('lir:loans', 'after restart').catch(() => undefined);
      await sleep(50);
    }
    expect(heard[0]).toBe('after restart');
  });
});
