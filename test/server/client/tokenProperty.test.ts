import fc from 'fast-check';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import { clientOptions, createFakeService, START } from './fakeService.js';

const SKEW_MS = 300_000;
const MAX_LIFETIME_S = 86_400;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** When the client must stop using token number `n` issued at `at` (its documented rule). */
function refreshAt(at: number, expiresInS: number): number {
  const lifetime = Math.min(expiresInS, MAX_LIFETIME_S) * 1000;
  return at + lifetime - Math.min(SKEW_MS, lifetime / 2);
}

it('T18: token requests = expiry epochs touched; every caller gets an unexpired token', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.scheduler(),
      // The lifetime the service gives each successive token, some beyond the 24 h clamp.
      fc.array(fc.integer({ min: 1, max: 2 * MAX_LIFETIME_S }), { minLength: 12, maxLength: 12 }),
      // Bursts of concurrent callers, separated by random gaps (up to 30 h).
      fc.array(
        fc.record({
          gapMs: fc.integer({ min: 0, max: 30 * 3_600_000 }),
          callers: fc.integer({ min: 1, max: 6 }),
        }),
        { minLength: 1, maxLength: 10 },
      ),
      async (s, lifetimes, bursts) => {
        vi.setSystemTime(START);
        const expiresIn = (n: number) => lifetimes[(n - 1) % lifetimes.length] as number;
        // The service refuses a token past its own expiry (not clamped).
        const service = createFakeService({
          expiresIn,
          acceptToken: (n, issuedAt, now) => now < issuedAt + expiresIn(n) * 1000,
        });
        const memory = createMemoryStore();
        // The scheduler decides the order of every answer: the network's and the cache's.
        const store: Store = {
          ...memory,
          getToken: s.scheduleFunction((key: string) => memory.getToken(key)),
          setToken: s.scheduleFunction((key: string, token) => memory.setToken(key, token)),
        };
        const client = createServiceClient(
          clientOptions(service, { store, fetch: s.scheduleFunction(service.fetch) }),
        );

        let expected = 0;
        let due = Number.NEGATIVE_INFINITY;
        let now = START;
        let callers = 0;
        for (const burst of bursts) {
          now += burst.gapMs;
          vi.setSystemTime(now);
          if (now >= due) {
            expected += 1;
            due = refreshAt(now, expiresIn(expected));
          }
          const calls = Array.from({ length: burst.callers }, (_, i) =>
            client.call('getPolicy', { params: { policyId: `p_${callers + i}` } }),
          );
          callers += burst.callers;
          await s.waitFor(Promise.all(calls));
        }

        expect(service.count('createToken')).toBe(expected);
        const answers = service.of('getPolicy');
        expect(answers).toHaveLength(callers);
        // No 401 happened: every request carried a token the service still accepted.
        for (const r of answers) {
          const n = service.issued.indexOf(r.token ?? '') + 1;
          expect(n).toBeGreaterThan(0);
          const issuedAt = service.of('createToken')[n - 1]?.at as number;
          expect(r.at).toBeLessThan(issuedAt + expiresIn(n) * 1000);
        }
      },
    ),
    { numRuns: 150 },
  );
  // 150 runs take 1-2 s alone; on a loaded two-core machine several times that.
}, 30_000);
