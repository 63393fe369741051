// npm run bench:bff: what the BFF saves the service and gets borrowers, against a naive host, and
// what it costs a request. `--short` for a smoke run.
//
// Every duration (quoting, the rate-limit windows, the queue deadline, the service client's
// retries, the BFF's timers, the browser's timeout and retry delays, the naive host's polling and
// backoff) is divided by the same SCALE (see borrowerFlows.ts), so the run takes a couple of
// minutes and every wait keeps its proportion to the others; times are printed back as
// real-time-equivalent seconds. The browsers are the library's HTTP adapter (fetch, its time-out,
// Idempotency-Key on writes, server-sent events over fetch), retried as the hooks and the portal
// retry. Both sides run in this run, over real HTTP on 127.0.0.1, each against a sandbox of its
// own; the servers run in this process and the browsers in a child process (browsers.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { serve } from 'srvx';
import { createInsuranceBff } from '../../src/server/bff/createInsuranceBff.js';
import { createServiceClient } from '../../src/server/client/createServiceClient.js';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { loansOwnedBySession } from '../support/loansOwnedBySession.js';
import { serveBffAndWebhooks, WEBHOOK_PATH } from '../support/serveBffAndWebhooks.js';
import { sessionFromHeader } from '../support/sessionFromHeader.js';
import { API, SESSION_HEADER, startStack } from '../support/startStack.js';
import {
  economyBff,
  economyClient,
  FLOWS,
  limitedCalls,
  MS,
  percentile,
  REAL_MS,
  SCALE,
  SHORT,
  sandboxOptions,
  summarize,
} from './borrowerFlows.js';
import { runInBrowsers } from './runInBrowsers.js';

const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? (SHORT ? 100 : 500));
/** Shops per partner-minute the BFF sustains at 2 rate-limited calls each (90 / 2). */
const PACED = 45;

/** The sandbox and one BFF with its webhook receiver, every duration scaled. */
async function startScaledStack() {
  const sandboxServer = await startSandboxServer({ port: 0, ...sandboxOptions });
  const { sandbox } = sandboxServer;
  const credentials = sandbox.clients[0];
  if (!credentials) throw new Error('no sandbox client');
  const store = createMemoryStore();
  const client = createServiceClient({
    baseUrl: sandboxServer.baseUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    store,
    ...economyClient(),
  });
  const logger = {
    warn: () => undefined,
    error: (message: string, meta?: unknown) => console.error(message, meta),
  };
  const bff = createInsuranceBff<{ id: string }>({
    client,
    store,
    basePath: API,
    getSession: sessionFromHeader(SESSION_HEADER),
    ...loansOwnedBySession(),
    logger,
    ...economyBff(),
  });
  const webhooks = createWebhookHandler({
    secret: credentials.clientSecret,
    store,
    relay: bff.relay,
    logger,
  });
  const { app, origin } = await serveBffAndWebhooks(bff, webhooks);
  sandbox.registerWebhook(credentials.clientId, { url: `${origin}${WEBHOOK_PATH}` });
  return {
    origin,
    sandbox,
    async close() {
      await bff.close();
      await app.close(true);
      await sandboxServer.close();
    },
  };
}

/** Flows through one BFF, each browser the HTTP adapter of its own session. */
async function bffEconomy(name: string, count: number, spreadMs: number) {
  const stack = await startScaledStack();
  try {
    const results = await runInBrowsers({
      kind: 'adapter',
      origin: stack.origin,
      count,
      spreadMs,
    });
    const stats = stack.sandbox.stats();
    return summarize(name, results, limitedCalls(stats), stats.rateLimited);
  } finally {
    await stack.close();
  }
}

/**
 * The same flows on a host without the BFF's economy: a bare pass-through proxy that adds the
 * token, and a page that polls the loan every 2 s (as a host without push would), backing off a
 * 429 as the service's documentation advises (exponential, full jitter, at least any
 * `Retry-After`), with the browser's time-out on every request.
 */
async function naiveEconomy(name: string, count: number, spreadMs: number) {
  const sandboxServer = await startSandboxServer({ port: 0, ...sandboxOptions });
  const { sandbox } = sandboxServer;
  const client = sandbox.clients[0];
  if (!client) throw new Error('no sandbox client');
  const token = (
    (await (
      await fetch(`${sandboxServer.baseUrl}/v1/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: client.clientId, client_secret: client.clientSecret }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const proxy = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    gracefulShutdown: false,
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const headers = new Headers({ Authorization: `Bearer ${token}` });
      const type = request.headers.get('content-type');
      if (type) headers.set('Content-Type', type);
      return fetch(`${sandboxServer.baseUrl}${url.pathname}`, {
        method: request.method,
        headers,
        ...(request.method === 'GET' ? {} : { body: await request.text() }),
      });
    },
  });
  await proxy.ready();
  const origin = new URL(proxy.url ?? '').origin;

  try {
    const results = await runInBrowsers({ kind: 'naive', origin, count, spreadMs });
    const stats = sandbox.stats();
    return summarize(name, results, limitedCalls(stats), stats.rateLimited);
  } finally {
    await proxy.close(true);
    await sandboxServer.close();
  }
}

/** A quote-display read (not rate limited) straight to the sandbox vs. through the BFF. */
async function overhead() {
  const stack = await startStack({ client: {} });
  const client = stack.sandbox.clients[0];
  if (!client) throw new Error('no sandbox client');
  const b = stack.browser('latency');
  const created = await b.call(
    'POST',
    '/loans',
    createLoanApplicationFixture({ loanNumber: 'LAT-1' }),
  );
  const loanId: string = created.json.id;
  const token = (
    (await (
      await fetch(`${stack.sandboxServer.baseUrl}/v1/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: client.clientId, client_secret: client.clientSecret }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const direct = async () => {
    const res = await fetch(`${stack.sandboxServer.baseUrl}/v1/loans/${loanId}/display`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await res.text();
  };
  const proxied = async () => {
    await b.call('GET', `/loans/${loanId}/display`);
  };
  const time = async (fn: () => Promise<void>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  for (let i = 0; i < 50; i++) {
    await direct();
    await proxied();
  }
  const d: number[] = [];
  const p: number[] = [];
  // Interleaved so both see the same machine state.
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    d.push(await time(direct));
    p.push(await time(proxied));
  }
  await stack.close();
  d.sort((a, b) => a - b);
  p.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    samples: LATENCY_SAMPLES,
    directMs: { p50: round(percentile(d, 50)), p99: round(percentile(d, 99)) },
    bffMs: { p50: round(percentile(p, 50)), p99: round(percentile(p, 99)) },
    ratio: {
      p50: round(percentile(p, 50) / percentile(d, 50)),
      p99: round(percentile(p, 99) / percentile(d, 99)),
    },
  };
}

/**
 * What `flows` simultaneous flows can get from the client's budget (90 rate-limited calls per
 * 60 s, each counted 5 s longer), at `perFlow` calls each, in real time.
 */
function budgetLimits(flows: number, perFlow: number) {
  const limit = 90;
  const windowS = (REAL_MS.clientWindow + REAL_MS.latencyAllowance) / 1000;
  const calls = Math.ceil(flows * perFlow);
  const windows = Math.ceil(calls / limit);
  const firstWindowFlows = Math.min(flows, Math.floor(limit / perFlow));
  const quoting = `${REAL_MS.quotingMin / 1000}-${REAL_MS.quotingMax / 1000} s`;
  return [
    `${flows} truly simultaneous flows at ${perFlow.toFixed(2)} rate-limited calls each need ${calls} calls; the client sends at most ${limit} per ${REAL_MS.clientWindow / 1000} s (each counted ${REAL_MS.latencyAllowance / 1000} s longer, below the service's 100), so:`,
    `- at most ${firstWindowFlows} flows get all their calls in the first window: quotes after quoting alone (${quoting});`,
    windows > 1
      ? `- the last calls go in window ${windows}, at ${Math.round((windows - 1) * windowS)} s at the earliest: ${Math.round(((windows - 1) * windowS) / (REAL_MS.browserTimeout / 1000))}x the browser's ${REAL_MS.browserTimeout / 1000} s time-out, so no request can be held open that long;`
      : '- the budget of one window is enough;',
    `- when a call cannot have a slot in time: the BFF queues it up to its ${REAL_MS.queueDeadline / 1000} s deadline (below the browser's time-out), then answers 429 with Retry-After (until its next free slot); the adapter raises RateLimitedError(retryAfterMs), the hooks expose retryAt, and the action is sent again then with the same Idempotency-Key. The service is never asked past its limit.`,
  ];
}

const started = performance.now();
console.log(
  `bench:bff${SHORT ? ' --short' : ''}: every duration divided by ${SCALE}; times below are real-time equivalents.\n`,
);
console.table(
  Object.fromEntries(
    Object.entries(REAL_MS).map(([name, ms]) => [
      name,
      { realMs: ms, scaledMs: MS[name as keyof typeof MS] },
    ]),
  ),
);
console.log(
  `Retry-After is whole seconds of this run's clock: it rounds a wait up by at most ${SCALE} s of real time (a cost to the BFF's side only; the sandbox sends none).\n`,
);

const simultaneous = [
  await bffEconomy(`BFF, ${FLOWS} flows at once`, FLOWS, 0),
  await naiveEconomy(`naive proxy polling 2 s, ${FLOWS} flows at once`, FLOWS, 0),
];
// --short leaves out the naive host's paced run, the longest of all.
const paced = [
  await bffEconomy(`BFF, ${PACED} flows over 60 s`, PACED, MS.pacedSpread),
  ...(SHORT
    ? []
    : [
        await naiveEconomy(
          `naive proxy polling 2 s, ${PACED} flows over 60 s`,
          PACED,
          MS.pacedSpread,
        ),
      ]),
];
const latency = await overhead();

const [bff, naive] = simultaneous as [ReturnType<typeof summarize>, ReturnType<typeof summarize>];
const [bffPaced] = paced as [ReturnType<typeof summarize>];
console.log(
  `\nBorrower flows (create, consent, shop, events until loan.shopped, loan, quote display, select); give-up after ${REAL_MS.giveUp / 1000} s; quotes = seconds from the start of a flow to its quote display:\n`,
);
console.table([...simultaneous, ...paced]);
const ratio = (a: number | string, b: number | string) =>
  typeof a !== 'number' || typeof b !== 'number' || b === 0 ? 'n/a' : `${(a / b).toFixed(2)}x`;
console.log(
  `BFF / naive, ${FLOWS} at once: flows completed ${ratio(bff.completed, naive.completed)}, rate-limited calls per flow ${ratio(bff.rateLimitedUpstreamCallsPerFlow, naive.rateLimitedUpstreamCallsPerFlow)}, quotes p50 ${ratio(bff.quotesSecondsP50, naive.quotesSecondsP50)}, p95 ${ratio(bff.quotesSecondsP95, naive.quotesSecondsP95)}.`,
);
console.log(`\n${budgetLimits(FLOWS, 2).join('\n')}`);
if (bff.rateLimitedUpstreamCallsPerFlow !== 2) {
  const perFlow = bff.rateLimitedUpstreamCallsPerFlow;
  const calls = Math.ceil(FLOWS * perFlow);
  const windows = Math.ceil(calls / 90);
  const windowS = (REAL_MS.clientWindow + REAL_MS.latencyAllowance) / 1000;
  console.log(
    `This run measured ${perFlow.toFixed(2)} calls per flow: ${calls} calls, the last of them in window ${windows}, at ${Math.round((windows - 1) * windowS)} s at the earliest.`,
  );
}
console.log('\nOverhead of a proxied call (quote display, sequential, interleaved):\n');
console.table({ direct: latency.directMs, bff: latency.bffMs, 'bff / direct': latency.ratio });

await mkdir('.bench', { recursive: true });
await writeFile(
  '.bench/bff.json',
  `${JSON.stringify({ scale: SCALE, realMs: REAL_MS, scaledMs: MS, simultaneous, paced, latency }, null, 2)}\n`,
);
const goals = [
  [`every one of ${FLOWS} simultaneous flows completes`, bff.completed === bff.flows],
  [
    'the service refuses none of the BFF calls',
    bff.service429s === 0 && bffPaced.service429s === 0,
  ],
  ['<= 2.00 rate-limited calls per flow', bff.rateLimitedUpstreamCallsPerFlow <= 2],
  [
    `${PACED} flows per partner-minute all complete with no 429`,
    bffPaced.completed === bffPaced.flows && bffPaced.browser429s === 0,
  ],
] as const;
console.log('\nGoals (the realistic scenarios above, every duration scaled alike):');
for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'NOT met'}  ${goal}`);
const ok = goals.every(([, met]) => met);
console.log(
  `Goals ${ok ? 'met' : 'NOT met'}. Ran in ${Math.round((performance.now() - started) / 1000)} s.`,
);
process.exitCode = ok ? 0 : 1;
