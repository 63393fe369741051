import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';

function clock(start = 1_000_000) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('memory store: tokens', () => {
  it('returns a token until its refresh time, then none', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    await store.setToken('k', { token: 'a', refreshAt: c.now() + 1000 });
    expect(await store.getToken('k')).toEqual({ token: 'a', refreshAt: c.now() + 1000 });
    c.advance(999);
    expect(await store.getToken('k')).not.toBeNull();
    c.advance(1);
    expect(await store.getToken('k')).toBeNull();
  });

  it('deletes a token only when it is still the one named (a late 401 keeps a newer token)', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    await store.setToken('k', { token: 'new', refreshAt: c.now() + 1000 });
    await store.deleteToken('k', 'old');
    expect((await store.getToken('k'))?.token).toBe('new');
    await store.deleteToken('k', 'new');
    expect(await store.getToken('k')).toBeNull();
  });
});

describe('memory store: locks', () => {
  it('runs holders of one key one at a time, in order, and releases after a failure', async () => {
    const store = createMemoryStore();
    const order: string[] = [];
    let release!: () => void;
    const first = store.withLock('k', 1000, async () => {
      order.push('first:start');
      await new Promise<void>((r) => {
        release = r;
      });
      order.push('first:end');
      throw new Error('first failed');
    });
    const second = store.withLock('k', 1000, async () => {
      order.push('second');
      return 2;
    });
    const other = store.withLock('other', 1000, async () => {
      order.push('other');
    });
    await other;
    expect(order).toEqual(['first:start', 'other']);
    release();
    await expect(first).rejects.toThrow('first failed');
    await expect(second).resolves.toBe(2);
    expect(order).toEqual(['first:start', 'other', 'first:end', 'second']);
  });
});

describe('memory store: sliding window', () => {
  it('allows the limit, refuses one more with the wait until the oldest leaves, and slides', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    for (let i = 0; i < 3; i++) {
      expect(await store.acquireSlot('p', 3, 60_000)).toEqual({ acquired: true });
      c.advance(10_000);
    }
    // slots taken at t0, t0+10s, t0+20s; now t0+30s
    expect(await store.acquireSlot('p', 3, 60_000)).toEqual({ acquired: false, retryInMs: 30_000 });
    c.advance(29_999);
    expect((await store.acquireSlot('p', 3, 60_000)).acquired).toBe(false);
    c.advance(1);
    expect(await store.acquireSlot('p', 3, 60_000)).toEqual({ acquired: true });
  });

  it('keeps keys apart and does not count refusals', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    expect((await store.acquireSlot('a', 1, 1000)).acquired).toBe(true);
    for (let i = 0; i < 5; i++)
      expect((await store.acquireSlot('a', 1, 1000)).acquired).toBe(false);
    expect((await store.acquireSlot('b', 1, 1000)).acquired).toBe(true);
    c.advance(1000);
    expect((await store.acquireSlot('a', 1, 1000)).acquired).toBe(true);
  });
});

describe('memory store: values', () => {
  it('sets if absent once, until the value expires', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    expect(await store.setIfAbsent('e1', 'processing', 1000)).toBe(true);
    expect(await store.setIfAbsent('e1', 'processing', 1000)).toBe(false);
    expect(await store.get('e1')).toBe('processing');
    c.advance(1000);
    expect(await store.get('e1')).toBeNull();
    expect(await store.setIfAbsent('e1', 'again', 1000)).toBe(true);
  });

  it('sets, overwrites, keeps without expiry and deletes', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    await store.set('k', 'v1');
    await store.set('k', 'v2');
    c.advance(10 ** 9);
    expect(await store.get('k')).toBe('v2');
    await store.delete('k');
    expect(await store.get('k')).toBeNull();
  });
});

describe('memory store: expiry at scale', () => {
  it('answers every live value and no expired one while thousands are written and swept', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    // Short-lived and long-lived keys interleaved, written over time, as claims and records are.
    for (let i = 0; i < 5_000; i++) {
      await store.set(`short:${i}`, 's', 1_000);
      await store.setIfAbsent(`long:${i}`, 'l', 10 ** 9);
      if (i % 100 === 0) c.advance(100);
    }
    await store.append('stream:old', 'x', 10, 1_000);
    c.advance(1_000);
    for (let i = 0; i < 5_000; i++) await store.set(`later:${i}`, 'v', 1_000);
    for (const i of [0, 1, 2_500, 4_999]) {
      expect(await store.get(`short:${i}`)).toBeNull();
      expect(await store.get(`long:${i}`)).toBe('l');
      expect(await store.get(`later:${i}`)).toBe('v');
    }
    expect(await store.setIfAbsent('long:7', 'again', 1_000)).toBe(false);
    expect(await store.readAfter('stream:old', null)).toEqual([]);
  });
});

describe('memory store: pub/sub', () => {
  it('delivers to every subscriber of a channel until it unsubscribes', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createMemoryStore();
    const a: string[] = [];
    const b: string[] = [];
    const offA = await store.subscribe('ch', (m) => a.push(m));
    await store.subscribe('ch', (m) => b.push(m));
    await store.subscribe('other', () => {
      throw new Error('a broken subscriber does not stop the others');
    });
    await store.publish('ch', 'one');
    await offA();
    await store.publish('ch', 'two');
    await store.publish('other', 'x');
    expect(a).toEqual(['one']);
    expect(b).toEqual(['one', 'two']);
    // The broken subscriber is reported, not swallowed.
    expect(logged).toHaveBeenCalledWith('store subscriber failed', expect.any(Error));
    logged.mockRestore();
  });
});

describe('memory store: streams', () => {
  it('appends with increasing ids, reads after an id, and keeps only the last entries', async () => {
    const store = createMemoryStore();
    const ids: string[] = [];
    for (const m of ['a', 'b', 'c', 'd']) ids.push(await store.append('s', m, 3, 60_000));
    expect(new Set(ids).size).toBe(4);
    expect((await store.readAfter('s', null)).map((e) => e.message)).toEqual(['b', 'c', 'd']);
    expect((await store.readAfter('s', ids[1] as string)).map((e) => e.message)).toEqual([
      'c',
      'd',
    ]);
    expect(await store.readAfter('s', ids[3] as string)).toEqual([]);
    expect(await store.readAfter('missing', null)).toEqual([]);
  });

  it('drops a stream whose time to live has passed since its last append', async () => {
    const c = clock();
    const store = createMemoryStore({ now: c.now });
    await store.append('s', 'a', 10, 1000);
    c.advance(999);
    await store.append('s', 'b', 10, 1000);
    c.advance(999);
    expect(await store.readAfter('s', null)).toHaveLength(2);
    c.advance(1);
    expect(await store.readAfter('s', null)).toEqual([]);
  });
});
