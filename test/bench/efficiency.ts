// npm run bench:bff-efficiency [-- --short]: what the BFF costs per request, per webhook and per
// open event stream, each against the least a Node server does for the same job, measured in
// the same run over real HTTP on 127.0.0.1.
//
// Every server runs in its own Node process, and autocannon 9 runs as a child process too, so
// the load generator, the server measured and the upstream never share an event loop. The
// upstream is a fixed-answer node:http server serving one rated loan's quote display as the
// sandbox answers it (see efficiency/displayBody.ts): the same bytes for the BFF, the bare
// proxy and the direct run, at a cost that stays out of the comparison (the sandbox's own
// routing, validation and state would be most of every request, and hide what the BFF adds).
//
// Each goal is judged against a node:http baseline (a bare proxy: a node:http server that
// forwards with `fetch` and copies the status and body; a server that reads the body and answers
// 204), the stricter one; the same ratios against web-standard baselines (the same jobs as
// `(Request) => Promise<Response>` handlers on srvx's `serve`, as the library's own handlers are
// written) are printed beside them. The reads also print the BFF against a proxy that pipes the
// bytes through node:http's own client (the transport the service client uses on Node): what a
// byte pipe that reads and checks nothing costs, reported, not judged.
import { Agent, request as httpRequest } from 'node:http';
import { hmacSha256Hex } from '../../src/core/hmacSha256Hex.js';
import {
  API,
  BENCH_SECRET,
  CSRF,
  SESSION_HEADER,
  TOKEN,
  WEBHOOK_PATH,
} from './efficiency/protocol.js';
import type { LoadResult } from './efficiency/runAutocannon.js';
import { runAutocannon } from './efficiency/runAutocannon.js';
import type { ServerProcess } from './efficiency/startServer.js';
import { startServer } from './efficiency/startServer.js';

const SHORT = process.argv.includes('--short');
// `--compare <dir>`: also runs the BFF from another checkout (e.g. the previous release), in the
// same run, as one more row of each table.
const compareAt = process.argv.indexOf('--compare');
const COMPARE = compareAt === -1 ? undefined : process.argv[compareAt + 1];
const ONLY = process.env.BENCH_ONLY;
const settings = SHORT
  ? { rounds: 1, seconds: 4, warmSeconds: 1, connections: 32, webhooks: 1_500, streams: 300 }
  : { rounds: 3, seconds: 8, warmSeconds: 2, connections: 32, webhooks: 4_000, streams: 1_000 };

const GOALS = { rpsRatio: 0.7, cpuRatio: 2 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const fixed = (value: number, digits = 2) => value.toFixed(digits);

function checkLoad(name: string, result: LoadResult) {
  if (result.non2xx > 0 || result.errors > 0 || result.requests === 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors in ${result.requests}`,
    );
  }
}

/** Uncached quote display reads: the BFF, a bare proxy and the upstream itself. */
async function reads(upstream: ServerProcess, loanId: string) {
  const bff = await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] });
  const proxy = await startServer('proxy', { upstream: upstream.origin });
  const httpProxy = await startServer('http-proxy', { upstream: upstream.origin });
  const webProxy = await startServer('web-proxy', { upstream: upstream.origin });
  const other = COMPARE
    ? await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] }, COMPARE)
    : undefined;
  const targets: Array<{
    name: string;
    url: string;
    headers: Record<string, string>;
    server: ServerProcess;
  }> = [
    {
      name: 'upstream direct',
      server: upstream,
      url: `${upstream.origin}/lenders/v1/loans/${loanId}/display`,
      headers: { Authorization: `Bearer ${TOKEN}` },
    },
    {
      name: 'bare proxy',
      server: proxy,
      url: `${proxy.origin}${API}/loans/${loanId}/display`,
      headers: {},
    },
    {
      name: 'http proxy',
      server: httpProxy,
      url: `${httpProxy.origin}${API}/loans/${loanId}/display`,
      headers: {},
    },
    {
      name: 'web proxy',
      server: webProxy,
      url: `${webProxy.origin}${API}/loans/${loanId}/display`,
      headers: {},
    },
    {
      name: 'BFF',
      server: bff,
      url: `${bff.origin}${API}/loans/${loanId}/display`,
      headers: { [SESSION_HEADER]: 'bench-session', [CSRF.name]: CSRF.value },
    },
  ];
  if (other) {
    targets.push({
      name: 'BFF (compared)',
      server: other,
      url: `${other.origin}${API}/loans/${loanId}/display`,
      headers: { [SESSION_HEADER]: 'bench-session', [CSRF.name]: CSRF.value },
    });
  }
  const runs = new Map<string, Array<LoadResult & { cpuMs: number }>>(
    targets.map((t) => [t.name, []]),
  );
  try {
    for (const target of targets) {
      // Warm: JIT, the token, keep-alive pools.
      checkLoad(
        target.name,
        await runAutocannon(target.url, target.headers, settings.connections, settings.warmSeconds),
      );
    }
    for (let round = 0; round < settings.rounds; round++) {
      // Alternated, so a noisy neighbour's burst does not land on one side only.
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        await target.server.ask({ cmd: 'cpu-start' }, 'cpu-started');
        const result = await runAutocannon(
          target.url,
          target.headers,
          settings.connections,
          settings.seconds,
        );
        const { micros } = await target.server.ask({ cmd: 'cpu-stop' }, 'cpu');
        checkLoad(target.name, result);
        runs.get(target.name)?.push({ ...result, cpuMs: micros / 1000 / result.requests });
      }
    }
  } finally {
    await Promise.all([bff.stop(), proxy.stop(), httpProxy.stop(), webProxy.stop(), other?.stop()]);
  }
  const summary = (name: string) => {
    const list = runs.get(name) ?? [];
    return {
      name,
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      cpuMs: median(list.map((r) => r.cpuMs)),
    };
  };
  return targets.map((t) => summary(t.name));
}

/** Signed `loan.shopped` deliveries with unique event ids, as the service sends them. */
async function signedDeliveries(count: number, loanId: string, offset: number) {
  const deliveries: Array<{ body: string; signature: string }> = [];
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({
      id: `evt_bench_${offset + i}`,
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date().toISOString(),
      data: { loanId, partnerId: 'ptn_bench', platformId: null },
    });
    deliveries.push({ body, signature: await hmacSha256Hex(BENCH_SECRET, body) });
  }
  return deliveries;
}

/** Posts every delivery, `concurrency` at a time, over keep-alive connections. */
async function deliver(
  origin: string,
  deliveries: Array<{ body: string; signature: string }>,
  expected: number,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let next = 0;
  const one = (delivery: { body: string; signature: string }) =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        `${origin}${WEBHOOK_PATH}`,
        {
          method: 'POST',
          agent,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(delivery.body),
            'X-Service-Signature-1': delivery.signature,
            'X-Service-Partner-Id': 'ptn_bench',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === expected
              ? resolve()
              : reject(new Error(`webhook answered ${res.statusCode}, expected ${expected}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(delivery.body);
    });
  const worker = async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++];
      if (delivery) await one(delivery);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  agent.destroy();
}

/** CPU time of the receiving process per delivery: the webhook receiver vs the HTTP floor. */
async function webhookCpu(upstream: ServerProcess, loanId: string) {
  const receiver = await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] });
  const floor = await startServer('floor');
  const webFloor = await startServer('web-floor');
  const verifyFloor = await startServer('web-verify-floor');
  const n = settings.webhooks;
  let offset = 0;
  const measure = async (server: ServerProcess, expected: number) => {
    await deliver(server.origin, await signedDeliveries(500, loanId, offset), expected);
    offset += 500;
    const batch = await signedDeliveries(n, loanId, offset);
    offset += n;
    await server.ask({ cmd: 'cpu-start' }, 'cpu-started');
    await deliver(server.origin, batch, expected);
    const { micros } = await server.ask({ cmd: 'cpu-stop' }, 'cpu');
    return micros / 1000 / n;
  };
  const other = COMPARE
    ? await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] }, COMPARE)
    : undefined;
  try {
    const floorMs = await measure(floor, 204);
    const webFloorMs = await measure(webFloor, 204);
    const verifyFloorMs = await measure(verifyFloor, 204);
    const receiverMs = await measure(receiver, 200);
    const comparedMs = other ? await measure(other, 200) : undefined;
    return { floorMs, webFloorMs, verifyFloorMs, receiverMs, comparedMs };
  } finally {
    await Promise.all([
      receiver.stop(),
      floor.stop(),
      webFloor.stop(),
      verifyFloor.stop(),
      other?.stop(),
    ]);
  }
}

/** Opens `count` event streams, each on its own connection, and resolves once all answered. */
async function openStreams(
  origin: string,
  path: (i: number) => string,
  headers: (i: number) => Record<string, string>,
  count: number,
) {
  const open: Array<() => void> = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, j) => {
        const i = start + j;
        return new Promise<void>((resolve, reject) => {
          const req = httpRequest(
            `${origin}${path(i)}`,
            { agent: false, headers: { Accept: 'text/event-stream', ...headers(i) } },
            (res) => {
              if (res.statusCode !== 200) {
                reject(new Error(`event stream answered ${res.statusCode}`));
                return;
              }
              res.on('data', () => undefined);
              res.on('error', () => undefined);
              open.push(() => res.destroy());
              resolve();
            },
          );
          req.on('error', reject);
          req.end();
        });
      }),
    );
  }
  return () => {
    for (const close of open) close();
  };
}

/** Heap and RSS per open event stream: the BFF's vs a bare node:http stream's. */
async function streamMemory(upstream: ServerProcess, loanId: string) {
  const k = settings.streams;
  const measure = async (
    server: ServerProcess,
    path: (i: number) => string,
    headers: (i: number) => Record<string, string>,
  ) => {
    // A first batch warms every code path, so the figure is the streams' and not the JIT's.
    const warm = await openStreams(server.origin, path, headers, 50);
    warm();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await server.ask({ cmd: 'memory' }, 'memory');
    const close = await openStreams(server.origin, path, headers, k);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await server.ask({ cmd: 'memory' }, 'memory');
    close();
    return { heap: (after.heapUsed - before.heapUsed) / k, rss: (after.rss - before.rss) / k };
  };
  const bff = await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] });
  const bare = await startServer('bare-sse');
  const other = COMPARE
    ? await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] }, COMPARE)
    : undefined;
  // One session per stream (a tab each), as browsers open them.
  const sessions = (i: number) => ({
    [SESSION_HEADER]: `bench-session-${i}`,
    [CSRF.name]: CSRF.value,
  });
  const events = () => `${API}/loans/${loanId}/events`;
  try {
    const bareBytes = await measure(bare, events, () => ({}));
    const bffBytes = await measure(bff, events, sessions);
    const comparedBytes = other ? await measure(other, events, sessions) : undefined;
    return { bareBytes, bffBytes, comparedBytes };
  } finally {
    await Promise.all([bff.stop(), bare.stop(), other?.stop()]);
  }
}

const kb = (bytes: number) => `${fixed(bytes / 1024, 1)} KiB`;

async function main() {
  console.log(
    `BFF efficiency (${SHORT ? 'short' : 'full'}): ${settings.rounds} round(s) of ${settings.seconds} s at ${settings.connections} connections, ${settings.webhooks} webhooks, ${settings.streams} streams; autocannon 9 in a child process, every server in its own process`,
  );
  const upstream = await startServer('upstream');
  const loanId = upstream.loanId;
  if (!loanId) throw new Error('the upstream named no loan');
  try {
    // BENCH_ONLY=reads|webhooks|streams measures one part; the others are neither printed nor
    // judged.
    const runs = (part: string) => !ONLY || ONLY === part;
    const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
    // The goals are judged against the node:http baselines, the stricter ones. The web-standard
    // baselines (srvx, Request/Response, fetch) show what a handler written as the library's are
    // costs at least on Node; their ratios are printed beside, never instead.
    const goals: string[] = [];
    const webGoals: string[] = [];
    let failed = false;

    if (runs('reads')) {
      const readRows = await reads(upstream, loanId);
      const byName = Object.fromEntries(readRows.map((r) => [r.name, r]));
      console.log('\nUncached quote display reads (median of rounds)');
      console.log('  target            req/s    p50 ms  p99 ms  CPU ms/request (its process)');
      for (const row of readRows) {
        console.log(
          `  ${row.name.padEnd(16)} ${fixed(row.rps, 0).padStart(7)}  ${fixed(row.p50, 1).padStart(6)}  ${fixed(row.p99, 1).padStart(6)}  ${fixed(row.cpuMs, 3)}`,
        );
      }
      const bffRow = byName.BFF;
      const ratioTo = (base: string) => {
        const row = byName[base];
        return {
          rps: (bffRow?.rps ?? 0) / (row?.rps ?? Number.NaN),
          cpu: (bffRow?.cpuMs ?? 0) / (row?.cpuMs ?? Number.NaN),
        };
      };
      const toBare = ratioTo('bare proxy');
      const toWeb = ratioTo('web proxy');
      const toHttp = ratioTo('http proxy');
      const directRatio = (bffRow?.rps ?? 0) / (byName['upstream direct']?.rps ?? Number.NaN);
      console.log(
        `  BFF / bare node:http proxy: ${fixed(toBare.rps)}x req/s, ${fixed(toBare.cpu)}x CPU per request`,
      );
      console.log(
        `  BFF / node:http client proxy: ${fixed(toHttp.rps)}x req/s, ${fixed(toHttp.cpu)}x CPU per request (the BFF's own transport; reported)`,
      );
      console.log(
        `  BFF / web-standard proxy:   ${fixed(toWeb.rps)}x req/s, ${fixed(toWeb.cpu)}x CPU per request`,
      );
      console.log(`  BFF / upstream direct:      ${fixed(directRatio)}x req/s`);
      const compared = byName['BFF (compared)'];
      if (compared) {
        const proxyRow = byName['bare proxy'];
        console.log(
          `  compared BFF / bare proxy: ${fixed(compared.rps / (proxyRow?.rps ?? Number.NaN))}x req/s, ${fixed(compared.cpuMs / (proxyRow?.cpuMs ?? Number.NaN))}x CPU per request`,
        );
      }
      const pass = toBare.rps >= GOALS.rpsRatio;
      failed ||= !pass;
      goals.push(`reads ${fixed(toBare.rps)}x bare proxy (>= ${GOALS.rpsRatio}) ${verdict(pass)}`);
      webGoals.push(`reads ${fixed(toWeb.rps)}x web proxy ${verdict(toWeb.rps >= GOALS.rpsRatio)}`);
    }

    if (runs('webhooks')) {
      const cpu = await webhookCpu(upstream, loanId);
      const cpuRatio = cpu.receiverMs / cpu.floorMs;
      const webCpuRatio = cpu.receiverMs / cpu.webFloorMs;
      console.log('\nCPU per signed loan.shopped delivery (receiving process, process.cpuUsage)');
      console.log(`  node:http floor (read body, 204):         ${fixed(cpu.floorMs, 3)} ms`);
      console.log(`  web-standard floor (srvx, text(), 204):   ${fixed(cpu.webFloorMs, 3)} ms`);
      console.log(`  web-standard floor + HMAC verify:         ${fixed(cpu.verifyFloorMs, 3)} ms`);
      console.log(`  createWebhookHandler (toNodeHandler):     ${fixed(cpu.receiverMs, 3)} ms`);
      console.log(
        `  receiver / node:http floor: ${fixed(cpuRatio)}x   receiver / web-standard floor: ${fixed(webCpuRatio)}x   receiver / web floor + HMAC: ${fixed(cpu.receiverMs / cpu.verifyFloorMs)}x`,
      );
      if (cpu.comparedMs !== undefined) {
        console.log(
          `  compared receiver: ${fixed(cpu.comparedMs, 3)} ms, ${fixed(cpu.comparedMs / cpu.floorMs)}x floor`,
        );
      }
      const pass = cpuRatio <= GOALS.cpuRatio;
      failed ||= !pass;
      goals.push(`webhook CPU ${fixed(cpuRatio)}x floor (<= ${GOALS.cpuRatio}) ${verdict(pass)}`);
      webGoals.push(
        `webhook CPU ${fixed(webCpuRatio)}x web floor ${verdict(webCpuRatio <= GOALS.cpuRatio)}`,
      );
    }

    if (runs('streams')) {
      const memory = await streamMemory(upstream, loanId);
      console.log(`\nMemory per open event stream (${settings.streams} streams, after GC)`);
      console.log(
        `  bare node:http stream:  heap ${kb(memory.bareBytes.heap)}, RSS ${kb(memory.bareBytes.rss)}`,
      );
      console.log(
        `  BFF event stream:       heap ${kb(memory.bffBytes.heap)}, RSS ${kb(memory.bffBytes.rss)}`,
      );
      const heapRatio = memory.bffBytes.heap / memory.bareBytes.heap;
      const totalRatio =
        (memory.bffBytes.heap + memory.bffBytes.rss) /
        (memory.bareBytes.heap + memory.bareBytes.rss);
      console.log(`  BFF / bare: heap ${fixed(heapRatio)}x, heap+RSS ${fixed(totalRatio)}x`);
      const comparedBytes = memory.comparedBytes;
      if (comparedBytes) {
        console.log(
          `  compared BFF stream:    heap ${kb(comparedBytes.heap)}, RSS ${kb(comparedBytes.rss)}; heap ${fixed(comparedBytes.heap / memory.bareBytes.heap)}x bare`,
        );
      }
      goals.push(`stream memory ${fixed(totalRatio)}x bare (reported)`);
    }

    console.log(`\ngoals (node:http baselines): ${goals.join('; ')}`);
    if (webGoals.length > 0) {
      console.log(`same goals, web-standard baselines: ${webGoals.join('; ')}`);
    }
    if (failed) process.exitCode = 1;
  } finally {
    await upstream.stop();
  }
}

await main();
