// npm run bench:bff: what the BFF saves the service, and what it costs a request.
//
// Time is scaled down 10x so the run takes seconds: quoting takes 3-4.5 s instead of 30-45 s,
// and the rate-limit windows are 6 s instead of 60 s (the sandbox allows 100, the client uses
// 90). Ratios between the measured figures are what matter; both sides run in this process, in
// this run, over real HTTP on 127.0.0.1.
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { serve } from 'srvx';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { startStack } from '../support/startStack.js';
import type { FlowResult } from './borrowerFlows.js';
import {
  economyClient,
  FLOWS,
  limitedCalls,
  percentile,
  QUEUE_DEADLINE_MS,
  runFlows,
  SCALE,
  sandboxOptions,
  sleep,
  summarize,
} from './borrowerFlows.js';

const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);

/**
 * {@link FLOWS} borrower flows through one BFF. `deadlineMs` is how long the BFF may queue a call
 * for a rate-limit slot; past it the browser gets a 429 with Retry-After, which it honours (as
 * the HTTP adapter does) when `retry` is set.
 */
async function bffEconomy(name: string, deadlineMs: number, retry: boolean) {
  const stack = await startStack({ sandbox: sandboxOptions, client: economyClient(deadlineMs) });
  const results = await runFlows((i) => {
    const b = stack.browser(`bench-${i}`);
    return { create: b, events: b, rest: b };
  }, retry);
  const limited = limitedCalls(stack.sandbox.stats());
  const serviceRefusals = stack.sandbox.stats().rateLimited;
  await stack.close();
  return summarize(name, results, limited, serviceRefusals);
}

/** The same flows through a pass-through proxy, polling the loan every 2 s (scaled). */
async function naiveEconomy() {
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
  const flow = async (i: number): Promise<FlowResult> => {
    const start = performance.now();
    let browser429 = 0;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 429) browser429++;
      const text = await res.text();
      return {
        status: res.status,
        json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
      };
    };
    const failed = () => ({ completed: false, browser429, ms: performance.now() - start });
    const created = await call(
      'POST',
      '/v1/loans',
      createLoanApplicationFixture({ loanNumber: `N-${i}` }),
    );
    if (created.status !== 201) return failed();
    const loanId: string = created.json.id;
    await call('POST', '/v1/loans/consent', { id: loanId, termsOfServiceId: 'tos-1' });
    if ((await call('PATCH', `/v1/loans/${loanId}/shop`)).status !== 200) return failed();
    let rated = false;
    const giveUp = performance.now() + 60_000;
    while (!rated && performance.now() < giveUp) {
      await sleep(2_000 / SCALE);
      const loan = await call('GET', `/v1/loans/${loanId}`);
      rated = loan.status === 200 && String(loan.json.status).endsWith('_RATED');
    }
    if (!rated) return failed();
    const display = await call('GET', `/v1/loans/${loanId}/display`);
    const quoteId = display.json?.quotes?.[0]?.id;
    const selected = quoteId
      ? await call('POST', `/v1/loans/${loanId}/quotes/${quoteId}/select`)
      : undefined;
    return { completed: selected?.status === 200, browser429, ms: performance.now() - start };
  };
  const results = await Promise.all(Array.from({ length: FLOWS }, (_, i) => flow(i)));
  const limited = limitedCalls(sandbox.stats());
  const serviceRefusals = sandbox.stats().rateLimited;
  await proxy.close(true);
  await sandboxServer.close();
  return summarize(
    'Naive pass-through proxy, polling every 2 s',
    results,
    limited,
    serviceRefusals,
  );
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

const economy = [
  // The service client's default 20 s deadline against 6 s windows: the queue absorbs the burst.
  await bffEconomy('BFF, queue absorbs the burst (20 s deadline)', QUEUE_DEADLINE_MS, false),
  // Every time scaled, the deadline too (2 s): the same burst as against the real 100 per 60 s,
  // where 100 simultaneous flows need more rate budget than any browser request can wait for.
  await bffEconomy(
    'BFF, all times scaled (2 s deadline), browsers honour Retry-After',
    QUEUE_DEADLINE_MS / SCALE,
    true,
  ),
  await naiveEconomy(),
];
const latency = await overhead();
console.log(`Upstream economy: ${FLOWS} concurrent borrower flows (time scaled 1/${SCALE})\n`);
console.table(economy);
console.log('\nOverhead of a proxied call (quote display, sequential, interleaved):\n');
console.table({ direct: latency.directMs, bff: latency.bffMs, 'bff / direct': latency.ratio });
await mkdir('.bench', { recursive: true });
await writeFile('.bench/bff.json', `${JSON.stringify({ economy, latency }, null, 2)}\n`);
const [bff] = economy;
const ok =
  bff &&
  bff.completed === bff.flows &&
  bff.browser429s === 0 &&
  bff.rateLimitedUpstreamCallsPerFlow <= 3;
console.log(
  `\nGoals (every flow completes, 0 browser 429s, <= 3 rate-limited calls per flow): ${ok ? 'met' : 'NOT met'}`,
);
process.exitCode = ok ? 0 : 1;
