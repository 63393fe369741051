import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/adapter/createHttpAdapter.js';
import type { LoanEvent } from '../../src/core/schemas/loanEvent.js';
import type { RedisStore } from '../../src/server/redis/createRedisStore.js';
import { createRedisStore } from '../../src/server/redis/createRedisStore.js';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { BIND_POLICY_FIRST_NAME } from '../../src/testing/sandbox/shopping.js';
import { signWebhookBody } from '../../src/testing/signWebhookBody.js';
import { readResponse } from '../support/readResponse.js';
import type { LimitedCallLog } from '../support/recordLimitedCalls.js';
import { recordLimitedCalls } from '../support/recordLimitedCalls.js';
import type { Cluster, ClusterInstance, ClusterOptions } from '../support/startCluster.js';
import { API, SESSION_HEADER, startCluster, WEBHOOK_PATH } from '../support/startCluster.js';
import type { RedisServer } from '../support/startRedisServer.js';
import { startRedisServer } from '../support/startRedisServer.js';

// Three BFF instances in this process, each with its own service client, webhook receiver and
// Redis connection, sharing one real redis-server, against the sandbox over HTTP on 127.0.0.1.
// The service's 100 calls per 60 s are scaled to 100 per 6 s so a full window fits in a test.

const WINDOW_MS = 6_000;
const DAY = 24 * 3_600_000;
const BUDGET = 100;
const options = {
  instances: 3,
  sandbox: {
    quoteDelayMs: 2_000,
    rateLimit: { limit: BUDGET, windowMs: WINDOW_MS },
    // The service retries every 4 h; here every half second, so a retry fits in a test.
    webhookRetry: { intervalMs: 500 },
  },
  client: { rateLimit: { limit: 90, windowMs: WINDOW_MS, latencyAllowanceMs: 500 } },
  logErrors: false,
} satisfies Omit<ClusterOptions, 'store'>;

let redis: RedisServer;
let cluster: Cluster;
let limited: LimitedCallLog;
const stores: RedisStore[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  cluster = await startCluster({
    ...options,
    store: () => {
      const store = createRedisStore({
        redis: redis.url,
        commandTimeoutMs: 500,
        logger: { warn: () => undefined },
      });
      stores.push(store);
      return store;
    },
  });
  limited = recordLimitedCalls(cluster.sandbox);
});
afterAll(async () => {
  await cluster?.close();
  await Promise.all(stores.map((s) => s.close()));
  await redis?.close();
});

const instance = (i: number) => cluster.instances[i % 3] as ClusterInstance;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(predicate: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Creates a loan for `session` through instance `i`. */
async function createLoan(i: number, session: string, firstName = 'Avery') {
  const created = await instance(i)
    .browser(session)
    .call(
      'POST',
      '/loans',
      createLoanApplicationFixture({
        loanNumber: `RD-${session}`,
        primaryBorrower: { firstName, lastName: 'Lake' },
      }),
    );
  expect(created.status).toBe(201);
  return created.json.id as string;
}

/**
 * A browser's event subscription on instance `i`, through the library's own HTTP adapter
 * (server-sent events, resumed with Last-Event-ID); resolves once the stream is open.
 */
async function follow(i: number, session: string, loanId: string) {
  const adapter = createHttpAdapter({
    baseUrl: `${instance(i).origin}${API}`,
    headers: { [SESSION_HEADER]: session },
  });
  const events: LoanEvent[] = [];
  let state = 'connecting';
  const stop = adapter.subscribe(loanId, (event) => events.push(event), {
    onStateChange: (s) => {
      state = s;
    },
  });
  await until(() => state === 'open', `the stream on instance ${i}`);
  return { events, stop };
}

/** A documented event about `loanId`, signed as the service signs it. */
async function signedEvent(id: string, loanId: string) {
  const body = JSON.stringify({
    id,
    type: 'loan.shopped',
    objectType: 'loan',
    occurredAt: new Date().toISOString(),
    data: { loanId, partnerId: 'sandbox_partner', platformId: null },
  });
  return { body, signature: await signWebhookBody(body, cluster.client.clientSecret) };
}

async function deliver(i: number, event: { body: string; signature: string }) {
  const res = await fetch(`${instance(i).origin}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Signature-1': event.signature },
    body: event.body,
  });
  return readResponse(res);
}

/** `count` loan applications at once, spread over the instances, each from its own session. */
function submitMany(on: Cluster, count: number, prefix: string) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      (on.instances[i % on.instances.length] as ClusterInstance)
        .browser(`${prefix}-${i}`)
        .call('POST', '/loans', createLoanApplicationFixture({ loanNumber: `${prefix}-${i}` })),
    ),
  );
}

/** Records consent through instance `consentOn`, then starts shopping through `shopOn`. */
async function consentAndShop(session: string, loanId: string, consentOn: number, shopOn: number) {
  const consent = await instance(consentOn)
    .browser(session)
    .call('POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' });
  expect(consent.status).toBe(200);
  const shop = await instance(shopOn).browser(session).call('PATCH', `/loans/${loanId}/shop`);
  expect(shop.status).toBe(200);
}

/** The ids of the events the sandbox emitted about the loan. */
const emitted = (loanId: string) =>
  cluster.sandbox.events.filter((e) => e.data.loanId === loanId).map((e) => e.id);

/** Whether the loan's events (shopped and bound) were each processed and reached every stream. */
function allDelivered(loanId: string, streams: ReadonlyArray<{ events: LoanEvent[] }>) {
  const ids = emitted(loanId);
  return (
    ids.length >= 2 &&
    ids.every(
      (id) => timesProcessed(id) > 0 && streams.every((f) => f.events.some((e) => e.id === id)),
    )
  );
}

/** Every request the sandbox (the service) has received. */
const upstreamCalls = () =>
  Object.values(cluster.sandbox.stats().requests).reduce((sum, n) => sum + (n ?? 0), 0);

const timesProcessed = (eventId: string) =>
  cluster.instances.reduce((n, x) => n + x.processed.filter((e) => e.id === eventId).length, 0);

describe('three BFF instances sharing Redis', () => {
  it('T2 across instances: one access token request in total under concurrent load on every instance', async () => {
    const answers = await submitMany(cluster, 30, 'TK');
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect(cluster.sandbox.stats().requests.createToken).toBe(1);
  });

  it('R1 across instances: the partner never exceeds its budget in any window, however the load spreads', async () => {
    const answers = await submitMany(cluster, 120, 'BG');
    // The queue waits for the shared window instead of failing: every borrower gets through.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(120);
    expect(cluster.sandbox.stats().rateLimited).toBe(0);
    expect(limited.peak(WINDOW_MS)).toBeLessThanOrEqual(BUDGET);
    expect(limited.times.length).toBeGreaterThan(BUDGET); // the load did need a second window
  });

  it('W16 across instances: a webhook delivered to several instances at once is processed once, streamed once and remembered 14 days', async () => {
    const loanId = await createLoan(0, 'dup');
    const [b, c] = [await follow(1, 'dup', loanId), await follow(2, 'dup', loanId)];
    const event = await signedEvent('evt_redis_dup_1', loanId);
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => deliver(i, event)), // three times to each instance
    );
    expect(timesProcessed('evt_redis_dup_1')).toBe(1);
    // W17: the de-duplication record outlives the service's 14-day delivery window.
    const admin = new Redis(redis.url);
    try {
      expect(await admin.pttl('lir:webhook:evt_redis_dup_1')).toBeGreaterThanOrEqual(14 * DAY);
    } finally {
      admin.disconnect();
    }
    expect(answers.filter((a) => a.status === 200 && a.json.received === true)).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);

    // A later event marks the end: anything relayed twice would have arrived before it.
    expect((await deliver(0, await signedEvent('evt_redis_dup_2', loanId))).status).toBe(200);
    await until(
      () => [b, c].every((f) => f.events.some((e) => e.id === 'evt_redis_dup_2')),
      'the marker event on both instances',
    );
    for (const f of [b, c]) {
      expect(f.events.map((e) => e.id)).toEqual(['evt_redis_dup_1', 'evt_redis_dup_2']);
      f.stop();
    }
  });

  it('brings an event received by instance A to a browser stream held by instance B', async () => {
    const loanId = await createLoan(0, 'cross');
    const onB = await follow(1, 'cross', loanId);
    expect((await deliver(0, await signedEvent('evt_redis_cross', loanId))).status).toBe(200);
    await until(() => onB.events.length > 0, 'the event on instance B');
    expect(onB.events).toEqual([
      expect.objectContaining({ id: 'evt_redis_cross', type: 'loan.shopped', loanId }),
    ]);
    expect(instance(0).processed.map((e) => e.id)).toContain('evt_redis_cross');
    expect(instance(1).processed.map((e) => e.id)).not.toContain('evt_redis_cross');
    onB.stop();
  });

  it('walks a borrower across instances: every event of the sandbox reaches streams on all three, each processed once', async () => {
    const session = 'walk';
    const loanId = await createLoan(0, session, BIND_POLICY_FIRST_NAME);
    const streams = await Promise.all([0, 1, 2].map((i) => follow(i, session, loanId)));
    await consentAndShop(session, loanId, 1, 2);
    await until(() => allDelivered(loanId, streams), 'every event processed and on every instance');
    for (const id of emitted(loanId)) expect(timesProcessed(id)).toBe(1);
    for (const s of streams) {
      expect(s.events.map((e) => e.id).sort()).toEqual(emitted(loanId).sort());
      s.stop();
    }
  });

  it('a shop flow read on every instance costs exactly its 2 rate-limited calls: instances that never held the loan find it in the store; the copies follow the shop and the events', async () => {
    const session = 'kept-copies';
    const before = limited.times.length;
    const loanId = await createLoan(0, session, BIND_POLICY_FIRST_NAME);
    const read = async (i: number) =>
      (await instance(i).browser(session).call('GET', `/loans/${loanId}`)).json.status as string;
    const reads = async (status: string, what: string) => {
      const deadline = Date.now() + 20_000;
      for (const i of [0, 1, 2]) {
        while ((await read(i)) !== status) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} on ${i}`);
          await sleep(20);
        }
      }
    };
    // Instance 0 kept what the submit answered and shared it; instances 1 and 2 find it there.
    await reads('NOT_YET_RATED', 'the new loan');
    await consentAndShop(session, loanId, 1, 1);
    // Instances 0 and 2 learn of the shop on instance 1 through the store: no read.
    await reads('RC1_RATING', 'the shop');
    await until(() => emitted(loanId).length >= 2, 'the events of the shop', 20_000);
    await reads('RC1_RATED', 'the outcome');
    // submit + shop, and nothing else.
    expect(limited.times.length - before).toBe(2);
  });

  it('an event handled while another instance holds a fresh copy: that instance and one that never held the loan both serve the outcome, with no rate-limited read', async () => {
    const session = 'stale-mark';
    const before = limited.times.length;
    const loanId = await createLoan(0, session);
    const read = async (i: number) =>
      (await instance(i).browser(session).call('GET', `/loans/${loanId}`)).json.status as string;
    await consentAndShop(session, loanId, 0, 0);
    // Instance 1 holds a fresh copy (the shared one, its status from the display) when the
    // quoting ends; instance 2 has never read the loan.
    expect(await read(1)).toBe('RC1_RATING');
    await until(
      () => emitted(loanId).some((id) => timesProcessed(id) > 0),
      'the loan.shopped event, handled by one of the instances',
    );
    // Instance 2 first: what it finds in the store was shared before the event.
    for (const i of [2, 1]) {
      const deadline = Date.now() + 10_000;
      while ((await read(i)) !== 'RC1_RATED') {
        if (Date.now() > deadline) throw new Error(`instance ${i} still serves the old status`);
        await sleep(20);
      }
    }
    expect(limited.times.length - before).toBe(2);
  });

  it('W18 with Redis restarted mid-run: no event lost; deliveries fail closed, the service retries, streams resume', async () => {
    const session = 'restart';
    const loanId = await createLoan(0, session, BIND_POLICY_FIRST_NAME);
    const onB = await follow(1, session, loanId);
    // An event before the outage, streamed live.
    expect((await deliver(2, await signedEvent('evt_before_restart', loanId))).status).toBe(200);
    await until(() => onB.events.length === 1, 'the event before the outage');
    await consentAndShop(session, loanId, 2, 2);

    await redis.stop(); // quoting takes 2 s: its events come while Redis is down
    const refusedDuringOutage = () =>
      cluster.sandbox.deliveries.filter((d) => d.status === 503).length;
    await until(() => refusedDuringOutage() > 0, 'a delivery refused during the outage');
    // Browsers get a clear, retryable answer meanwhile, and nothing reaches the service.
    const upstreamBefore = upstreamCalls();
    const during = await instance(0).browser(session).call('GET', `/loans/${loanId}`);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(during.json.error.code).toBe('unavailable');
    expect(upstreamCalls()).toBe(upstreamBefore);

    await redis.start();
    await until(
      () => allDelivered(loanId, [onB]),
      'every event of the shop on instance B after the restart',
      30_000,
    );
    expect(onB.events.map((e) => e.id).sort()).toEqual(
      ['evt_before_restart', ...emitted(loanId)].sort(),
    );
    for (const id of emitted(loanId)) expect(timesProcessed(id)).toBe(1);
    // Every event the service holds was acknowledged in the end.
    for (const id of emitted(loanId)) {
      expect(cluster.sandbox.deliveries.some((d) => d.eventId === id && d.ok)).toBe(true);
    }
    onB.stop();
  });
});

describe('three BFF instances with a memory store each (what the Redis store prevents)', () => {
  it('exceed the partner budget together under the same load', async () => {
    const apart = await startCluster({ ...options, store: () => createMemoryStore() });
    try {
      const log = recordLimitedCalls(apart.sandbox);
      await submitMany(apart, 120, 'AP');
      expect(apart.sandbox.stats().requests.createToken).toBe(3);
      expect(log.peak(WINDOW_MS)).toBeGreaterThan(BUDGET);
      expect(apart.sandbox.stats().rateLimited).toBeGreaterThan(0);
    } finally {
      await apart.close();
    }
  });
});
