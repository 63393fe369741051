// npm run bench:redis: what sharing one Redis between three BFF instances costs the upstream
// economy, against one instance on its memory store.
//
// The same borrower flows as bench:bff (the HTTP adapter as the browser, events over server-sent
// events, 429s retried after Retry-After as the hooks do), in this run, over real HTTP on
// 127.0.0.1: (A) all on one BFF with the memory store, and (B) on three BFFs, each with its own
// connection to one redis-server, the sandbox's webhooks round-robined across them. In (B) flow i
// creates its loan on instance i % 3, follows its events on (i + 1) % 3 (so an event one instance
// receives reaches a browser on another through Redis) and makes its other calls on (i + 2) % 3.
// The instances must share one token, one rate budget and one event relay.
//
// The service's and the service client's durations are scaled like bench:bff's (see
// borrowerFlows.ts; quotes in 6-9 s, 12 s rate-limit windows at the default scale of 5); the
// sandbox allows 100 calls per window and each client plans for 90 between all instances. The
// B / A ratios are what matter.
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { RedisStore } from '../../src/server/redis/createRedisStore.js';
import { createRedisStore } from '../../src/server/redis/createRedisStore.js';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { Store } from '../../src/server/store/Store.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { recordLimitedCalls } from '../support/recordLimitedCalls.js';
import { SESSION_HEADER, startCluster } from '../support/startCluster.js';
import { startRedisServer } from '../support/startRedisServer.js';
import { startStack } from '../support/startStack.js';
import {
  browserAdapter,
  economyClient,
  FLOWS,
  limitedCalls,
  percentile,
  runFlows,
  SCALE,
  sandboxOptions,
  summarize,
} from './borrowerFlows.js';

const WINDOW_MS = sandboxOptions.rateLimit.windowMs;

/** The flows on `instances` BFFs over `store(i)`, spread across them as described above. */
async function economy(name: string, instances: number, store: (i: number) => Store) {
  const cluster = await startCluster({
    instances,
    store,
    sandbox: sandboxOptions,
    client: economyClient(),
  });
  const limitedLog = recordLimitedCalls(cluster.sandbox);
  const on = (instance: number, i: number) => {
    const target = cluster.instances[instance % cluster.instances.length];
    if (!target) throw new Error(`no instance ${instance}`);
    return browserAdapter(target.origin, { [SESSION_HEADER]: `bench-${i}` });
  };
  try {
    const results = await runFlows((i) => ({
      create: on(i, i),
      events: on(i + 1, i),
      rest: on(i + 2, i),
    }));
    const stats = cluster.sandbox.stats();
    const { browser429s, service429s, quotesSecondsP50, quotesSecondsMax, ...counts } = summarize(
      name,
      results,
      limitedCalls(stats),
      stats.rateLimited,
    );
    return {
      ...counts,
      tokenRequests: stats.requests.createToken ?? 0,
      browser429s,
      service429s,
      peakLimitedCallsPerWindow: limitedLog.peak(WINDOW_MS),
      quotesSecondsP50,
      quotesSecondsMax,
    };
  } finally {
    await cluster.close();
  }
}

const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);

/**
 * What the store costs one proxied call: a quote-display read (not rate limited; it reads the
 * cached token from the store) through a BFF over each store, interleaved so both see the same
 * machine state.
 */
async function perCallLatency(redisStore: Store) {
  const stacks = await Promise.all(
    [createMemoryStore(), redisStore].map((store) => startStack({ store, client: {} })),
  );
  try {
    const reads = await Promise.all(
      stacks.map(async (stack, i) => {
        const b = stack.browser('latency');
        const created = await b.call(
          'POST',
          '/loans',
          createLoanApplicationFixture({ loanNumber: `LAT-${i}` }),
        );
        const path = `/loans/${created.json.id}/display`;
        return async () => {
          const t = performance.now();
          await b.call('GET', path);
          return performance.now() - t;
        };
      }),
    );
    const [memoryRead, redisRead] = reads as [() => Promise<number>, () => Promise<number>];
    for (let i = 0; i < 50; i++) await Promise.all([memoryRead(), redisRead()]); // warm up
    const memory: number[] = [];
    const redis: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      memory.push(await memoryRead());
      redis.push(await redisRead());
    }
    memory.sort((a, b) => a - b);
    redis.sort((a, b) => a - b);
    const ms = (n: number) => Math.round(n * 1000) / 1000;
    const row = (sorted: number[]) => ({
      p50: ms(percentile(sorted, 50)),
      p99: ms(percentile(sorted, 99)),
    });
    return {
      memory: row(memory),
      redis: row(redis),
      'redis / memory': {
        p50: ms(percentile(redis, 50) / percentile(memory, 50)),
        p99: ms(percentile(redis, 99) / percentile(memory, 99)),
      },
    };
  } finally {
    for (const stack of stacks) await stack.close();
  }
}

const baseline = await economy('1 BFF, memory store', 1, () => createMemoryStore());
const redis = await startRedisServer();
const stores: RedisStore[] = [];
const storeOnRedis = () => {
  const store = createRedisStore({ redis: redis.url });
  stores.push(store);
  return store;
};
let shared: Awaited<ReturnType<typeof economy>>;
let latency: Awaited<ReturnType<typeof perCallLatency>>;
try {
  shared = await economy('3 BFFs, one Redis', 3, storeOnRedis);
  latency = await perCallLatency(storeOnRedis());
} finally {
  for (const store of stores) await store.close();
  await redis.close();
}
const round = (n: number) => Math.round(n * 100) / 100;
const ratio = {
  rateLimitedUpstreamCallsPerFlow: round(
    shared.rateLimitedUpstreamCallsPerFlow / baseline.rateLimitedUpstreamCallsPerFlow,
  ),
  quotesSecondsP50:
    typeof shared.quotesSecondsP50 === 'number' && typeof baseline.quotesSecondsP50 === 'number'
      ? round(shared.quotesSecondsP50 / baseline.quotesSecondsP50)
      : 'n/a',
};
console.log(
  `Upstream economy: ${FLOWS} concurrent borrower flows (time scaled 1/${SCALE}), ` +
    `peak per ${WINDOW_MS / 1000} s window\n`,
);
console.table({ A: baseline, B: shared, 'B / A': ratio });
console.log(
  `\nA proxied quote-display read through one BFF (ms, ${LATENCY_SAMPLES} sequential samples, interleaved):\n`,
);
console.table(latency);
await mkdir('.bench', { recursive: true });
await writeFile(
  '.bench/redis.json',
  `${JSON.stringify({ flows: FLOWS, windowMs: WINDOW_MS, baseline, shared, ratio, latency }, null, 2)}\n`,
);
const ok =
  shared.completed === shared.flows &&
  shared.service429s === 0 &&
  shared.tokenRequests === 1 &&
  shared.peakLimitedCallsPerWindow <= sandboxOptions.rateLimit.limit &&
  shared.rateLimitedUpstreamCallsPerFlow <= 2;
console.log(
  `\nGoals for B (every flow completes, 0 service 429s, 1 token request, <= ${sandboxOptions.rateLimit.limit} rate-limited calls in any ${WINDOW_MS / 1000} s window, <= 2 rate-limited calls per flow): ${ok ? 'met' : 'NOT met'}`,
);
process.exitCode = ok ? 0 : 1;
