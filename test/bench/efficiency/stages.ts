// tsx test/bench/efficiency/stages.ts [iterations]: the CPU of each stage of an uncached read
// and of a webhook delivery, measured one stage at a time in this process (process.cpuUsage
// around many sequential iterations, after a warm-up), against the fixed upstream of the
// efficiency benchmark in its own process. Whole-handler rows include every stage; the rows
// below them are parts of it, measured alone, so they do not add up exactly.
// STAGES_ONLY=reads|webhooks runs one table; STAGES_MATCH=<text> only the rows naming it.
import { createHmac } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { NodeRequest } from 'srvx/node';
import { hmacSha256Hex } from '../../../src/core/hmacSha256Hex.js';
import { operations } from '../../../src/core/operations.js';
import { parseResponse } from '../../../src/core/parseResponse.js';
import { resolveDocumentLinkRule } from '../../../src/server/bff/resolveDocumentLinkRule.js';
import { securityHeaders } from '../../../src/server/bff/securityHeaders.js';
import { toBrowserBody } from '../../../src/server/bff/toBrowserBody.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createTimeoutSignal } from '../../../src/server/http/createTimeoutSignal.js';
import { knownBodies } from '../../../src/server/http/knownBodies.js';
import { nodeEntry } from '../../../src/server/http/nodeEntry.js';
import { nodeRequestView } from '../../../src/server/http/nodeRequestView.js';
import type { RequestView } from '../../../src/server/http/RequestView.js';
import { readCappedBody } from '../../../src/server/http/readCappedBody.js';
import { readWithin } from '../../../src/server/http/readWithin.js';
import { responseOfAnswer } from '../../../src/server/http/responseOfAnswer.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import { toNodeHandler } from '../../../src/server/toNodeHandler.js';
import { builtinNodeCrypto } from '../../../src/server/webhooks/builtinNodeCrypto.js';
import { createSignatureVerifier } from '../../../src/server/webhooks/createSignatureVerifier.js';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import { decodeWebhookEvent } from '../../../src/server/webhooks/decodeWebhookEvent.js';
import { settleWithin } from '../../../src/server/webhooks/settleWithin.js';
import { verifyWebhookSignature } from '../../../src/server/webhooks/verifyWebhookSignature.js';
import type { WebhookAnswer } from '../../../src/server/webhooks/WebhookAnswer.js';
import { benchBff } from './benchBff.js';
import { API, BENCH_SECRET, CSRF, SESSION_HEADER, TOKEN, WEBHOOK_PATH } from './protocol.js';
import { startServer } from './startServer.js';

const N = Number(process.argv[2] ?? 3_000);
const quiet = { warn: () => undefined, error: () => undefined };

const MATCH = process.env.STAGES_MATCH;

async function cpuOf(name: string, run: (i: number) => unknown, rows: Array<[string, number]>) {
  if (MATCH && !name.includes(MATCH)) return;
  for (let i = 0; i < Math.min(500, N); i++) await run(i);
  const mark = process.cpuUsage();
  for (let i = 0; i < N; i++) await run(i + N);
  const used = process.cpuUsage(mark);
  rows.push([name, (used.user + used.system) / N]);
}

function print(title: string, rows: Array<[string, number]>) {
  console.log(`\n${title} (µs of CPU per call, ${N} calls each)`);
  for (const [name, micros] of rows) console.log(`  ${micros.toFixed(1).padStart(7)}  ${name}`);
}

/** An `IncomingMessage` as node:http hands one over, without a connection. */
function nodeRequest(method: string, url: string, headers: Record<string, string>, body?: string) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  req.headers.host = '127.0.0.1';
  if (body !== undefined) {
    req.headers['content-length'] = String(Buffer.byteLength(body));
    req.push(Buffer.from(body));
  }
  req.push(null);
  return req;
}

/** A `ServerResponse` whose writes go nowhere: what is left is the handler's own work. */
function nodeResponse(req: IncomingMessage) {
  const res = new ServerResponse(req);
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  Object.assign(res, {
    writeHead(status: number) {
      res.statusCode = status;
      return res;
    },
    write: () => true,
    end(_chunk?: unknown, callback?: unknown) {
      if (typeof callback === 'function') callback();
      done();
      return res;
    },
  });
  return { res, finished };
}

/** `req` through `listener` on the stubbed response, once the answer has ended: the response. */
async function serveOnce(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  req: IncomingMessage,
): Promise<ServerResponse> {
  const { res, finished } = nodeResponse(req);
  await listener(req, res);
  await finished;
  return res;
}

async function reads(origin: string, loanId: string) {
  const { client, insurance } = benchBff(
    origin,
    ({ loanId: id }) => id === undefined || id === loanId,
    quiet,
  );
  const path = `${API}/loans/${loanId}/display`;
  const headers = { [SESSION_HEADER]: 'bench-session', [CSRF.name]: CSRF.value };
  const upstreamUrl = `${origin}/lenders/v1/loans/${loanId}/display`;
  // The BFF's own rule for its service on 127.0.0.1, as createInsuranceBff resolves it.
  const documentHosts = resolveDocumentLinkRule(`${origin}/lenders`, undefined);
  const text = await (
    await fetch(upstreamUrl, { headers: { Authorization: `Bearer ${TOKEN}` } })
  ).text();
  const op = operations.getQuoteDisplay;
  const schema = op.output;
  const value = JSON.parse(text);
  const output = parseResponse(schema, value);
  const browser = toBrowserBody(
    { documentHosts, exposeFields: {}, logger: quiet },
    'getQuoteDisplay',
    output,
  );
  const json = JSON.stringify(browser);
  const rows: Array<[string, number]> = [];
  // The first rows of a run otherwise pay for what warms up late (the upstream connections,
  // the collection of the setup's garbage): one unmeasured pass of the whole read first.
  for (let i = 0; i < N; i++) {
    await (await insurance.handler(new Request(`http://127.0.0.1${path}`, { headers }))).text();
  }
  await cpuOf(
    'whole BFF handler (new Request in, knownBodies text out; no node:http)',
    async () => {
      const response = await insurance.handler(new Request(`http://127.0.0.1${path}`, { headers }));
      if (knownBodies.textOf(response) === undefined) await response.text();
    },
    rows,
  );
  const api = toNodeHandler(insurance.handler);
  await cpuOf(
    'whole BFF read through toNodeHandler (IncomingMessage in, writes dropped)',
    async () => {
      await serveOnce(api, nodeRequest('GET', path, headers));
    },
    rows,
  );
  await cpuOf(
    'BFF handler refusing at the session (route, origin and CSRF checks, 401 answer)',
    async () => {
      const response = await insurance.handler(
        new Request(`http://127.0.0.1${path}`, { headers: { [CSRF.name]: CSRF.value } }),
      );
      if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
    },
    rows,
  );
  await cpuOf(
    'BFF handler refusing at authorize (+ session, authorize, 404 answer)',
    async () => {
      const response = await insurance.handler(
        new Request(`http://127.0.0.1${API}/loans/ln_other/display`, { headers }),
      );
      if (response.status !== 404) throw new Error(`expected 404, got ${response.status}`);
    },
    rows,
  );
  await cpuOf(
    'srvx NodeRequest over an IncomingMessage (url, 3 headers read)',
    () => {
      const request = new NodeRequest({
        req: nodeRequest('GET', path, headers),
        res: undefined as unknown as ServerResponse,
      }) as unknown as Request;
      return [
        request.url,
        request.headers.get(SESSION_HEADER),
        request.headers.get('origin'),
        request.headers.get(CSRF.name),
      ];
    },
    rows,
  );
  await cpuOf(
    'undici new Request(url, { headers })',
    () => new Request(`http://127.0.0.1${path}`, { headers }),
    rows,
  );
  await cpuOf('new URL(request.url)', () => new URL(`http://127.0.0.1${path}`), rows);
  await cpuOf(
    'service client call (token cached, timers, fetch, parse)',
    () => client.call('getQuoteDisplay', { params: { loanId } } as never),
    rows,
  );
  await cpuOf(
    'bare fetch + arrayBuffer of the upstream',
    async () => {
      const r = await fetch(upstreamUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
      await r.arrayBuffer();
    },
    rows,
  );
  await cpuOf(
    'service client call as the BFF makes it (interactive, with a request signal)',
    () =>
      client.call('getQuoteDisplay', {
        params: { loanId },
        priority: 'interactive',
        signal: new AbortController().signal,
      } as never),
    rows,
  );
  await cpuOf(
    'fetch + readCappedBody with a deadline signal (as the client reads a body of unknown length)',
    async () => {
      const deadline = createTimeoutSignal(10_000, 'slow');
      try {
        const r = await fetch(upstreamUrl, {
          headers: { Authorization: `Bearer ${TOKEN}` },
          signal: deadline.signal,
        });
        await readCappedBody(r, 1_048_576, deadline.signal);
      } finally {
        deadline.clear();
      }
    },
    rows,
  );
  await cpuOf(
    'fetch + arrayBuffer with the same deadline signal (as the client reads a declared length)',
    async () => {
      const deadline = createTimeoutSignal(10_000, 'slow');
      try {
        const r = await fetch(upstreamUrl, {
          headers: { Authorization: `Bearer ${TOKEN}` },
          signal: deadline.signal,
        });
        await r.arrayBuffer();
      } finally {
        deadline.clear();
      }
    },
    rows,
  );
  await cpuOf('JSON.parse of the display (3.1 kB)', () => JSON.parse(text), rows);
  await cpuOf('valibot parse of the display', () => parseResponse(schema, value), rows);
  await cpuOf(
    'toBrowserBody (projection, URL checks)',
    () =>
      toBrowserBody({ documentHosts, exposeFields: {}, logger: quiet }, 'getQuoteDisplay', output),
    rows,
  );
  await cpuOf('JSON.stringify of the browser body', () => JSON.stringify(browser), rows);
  await cpuOf(
    'knownBodies.response + security headers set',
    () => {
      const r = knownBodies.response(json, {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      r.headers.set('Cache-Control', 'no-store');
      for (const [k, v] of Object.entries(securityHeaders)) r.headers.set(k, v);
      return r;
    },
    rows,
  );
  await cpuOf(
    'Response headers iterated for writeHead',
    (() => {
      const r = knownBodies.response(json, {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...securityHeaders },
      });
      return () => {
        const raw: string[] = [];
        for (const [k, v] of r.headers) raw.push(k, v);
        return raw;
      };
    })(),
    rows,
  );
  // Once more at the end: the distance between the two is the noise of the run.
  await cpuOf(
    'whole BFF handler again, measured last',
    async () => {
      const response = await insurance.handler(new Request(`http://127.0.0.1${path}`, { headers }));
      if (knownBodies.textOf(response) === undefined) await response.text();
    },
    rows,
  );
  print('Uncached read, by stage', rows);
}

async function webhooks(loanId: string) {
  const store = createMemoryStore();
  const relay = createEventRelay({ store });
  const handler = createWebhookHandler({ secret: BENCH_SECRET, store, relay, logger: quiet });
  const bodyOf = (i: number) =>
    JSON.stringify({
      id: `evt_stage_${i}`,
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date().toISOString(),
      data: { loanId, partnerId: 'ptn_bench', platformId: null },
    });
  const signed: Array<{ body: string; signature: string }> = [];
  for (let i = 0; i < 2 * (Math.min(500, N) + N) + N; i++) {
    const body = bodyOf(i);
    signed.push({ body, signature: await hmacSha256Hex(BENCH_SECRET, body) });
  }
  const sample = signed[0] as { body: string; signature: string };
  const bytes = new TextEncoder().encode(sample.body);
  const event = decodeWebhookEvent(bytes);
  const requestOf = (d: { body: string; signature: string }) =>
    new Request(`http://127.0.0.1${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Service-Signature-1': d.signature,
        'X-Service-Partner-Id': 'ptn_bench',
      },
      body: d.body,
    });
  const rows: Array<[string, number]> = [];
  const hooks = toNodeHandler(handler.handler);
  const hookHeaders = (d: { signature: string }) => ({
    'Content-Type': 'application/json',
    'X-Service-Signature-1': d.signature,
    'X-Service-Partner-Id': 'ptn_bench',
  });
  const half = Math.min(500, N) + N;
  let offset = 0;
  // As for reads: one unmeasured pass of whole deliveries first (new event ids), so the first
  // row does not pay for what warms up late.
  for (let i = 0; i < N; i++) {
    const body = bodyOf(-1 - i);
    const d = { body, signature: createHmac('sha256', BENCH_SECRET).update(body).digest('hex') };
    await serveOnce(hooks, nodeRequest('POST', WEBHOOK_PATH, hookHeaders(d), d.body));
  }
  await cpuOf(
    'whole webhook through toNodeHandler (IncomingMessage in, writes dropped)',
    async (i) => {
      const d = signed[i] ?? sample;
      const res = await serveOnce(hooks, nodeRequest('POST', WEBHOOK_PATH, hookHeaders(d), d.body));
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
    },
    rows,
  );
  await cpuOf(
    'node:http floor on the same stubs (read body, 204)',
    async () => {
      await serveOnce(
        (req, res) => {
          req.resume();
          req.on('end', () => res.writeHead(204).end());
        },
        nodeRequest('POST', WEBHOOK_PATH, hookHeaders(sample), sample.body),
      );
    },
    rows,
  );
  // Bare handlers mounted as the receiver is: a Node entry taking the IncomingMessage itself
  // (a RequestView over it) and answering a plain answer, the body read from the Node request
  // with its wait bounded by a timer. `bare` is the previous mount, on srvx's Request.
  const ACK = Object.freeze({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"received":true}',
  });
  const bare = (entry: (request: Request) => Promise<WebhookAnswer>) =>
    toNodeHandler(nodeEntry.attach(async (r: Request) => responseOfAnswer(await entry(r)), entry));
  const bareView = (entry: (request: RequestView) => Promise<WebhookAnswer>) =>
    toNodeHandler(
      nodeEntry.attachMessage(
        async () => {
          throw new Error('the web path is not measured here');
        },
        (req, res, webOf) => {
          const view = nodeRequestView(req, res, webOf);
          if (view === undefined) throw new Error('the body was touched');
          return entry(view);
        },
      ),
    );
  const timedBody = async (request: Request) => {
    const body = await readWithin(readCappedBody(request, 65_536), 10_000);
    if (body === 'timeout') throw new Error('slow');
    return body;
  };
  const bareRow = async (name: string, listener: ReturnType<typeof toNodeHandler>) =>
    cpuOf(
      name,
      async () => {
        await serveOnce(
          listener,
          nodeRequest('POST', WEBHOOK_PATH, hookHeaders(sample), sample.body),
        );
      },
      rows,
    );
  await bareRow(
    'toNodeHandler, Node entry (IncomingMessage itself), capped body read (timer), plain ack: nothing else',
    bareView(async (request) => {
      await request.readBody(65_536, 10_000);
      return ACK;
    }),
  );
  await bareRow(
    'the same on srvx’s Request over the IncomingMessage (Node entry taking a Request)',
    bare(async (request) => {
      await timedBody(request);
      return ACK;
    }),
  );
  await bareRow(
    'the same with the deadline as an AbortSignal (createTimeoutSignal)',
    bare(async (request) => {
      const deadline = createTimeoutSignal(10_000, 'slow');
      try {
        await readCappedBody(request, 65_536, deadline.signal);
      } finally {
        deadline.clear();
      }
      return ACK;
    }),
  );
  let serial = 0;
  const chain = (verify: boolean) =>
    bareView(async (request) => {
      const body = await request.readBody(65_536, 10_000);
      if (!body || body === 'timeout') throw new Error('no body');
      const ok =
        !verify ||
        (await verifyWebhookSignature(body, request.header('x-service-signature-1'), BENCH_SECRET));
      if (!ok) throw new Error('bad signature');
      const decoded = decodeWebhookEvent(body);
      if (decoded.kind !== 'documented') throw new Error('not documented');
      const key = `rebuilt:${decoded.event.id}:${serial++}`;
      await store.setIfAbsent(key, 'p', 60_000);
      await settleWithin(relay.publish({ ...decoded.event, id: key } as never), 10_000);
      await store.set(key, 'd', 60_000);
      return ACK;
    });
  for (const verify of [true, false]) {
    await bareRow(
      `the same stages chained in a bare handler through toNodeHandler${verify ? '' : ', without the HMAC'}`,
      chain(verify),
    );
  }
  await cpuOf('settleWithin (one timer)', () => settleWithin(Promise.resolve(), 10_000), rows);
  await cpuOf(
    'whole webhook handler (new Request in, Response out)',
    (i) => handler.handler(requestOf(signed[half + i] ?? sample)),
    rows,
  );
  offset = 3 * N;
  await cpuOf('undici new Request with a string body', () => requestOf(sample), rows);
  await cpuOf(
    'new Request + arrayBuffer()',
    async () => new Uint8Array(await requestOf(sample).arrayBuffer()),
    rows,
  );
  const nodeVerify = createSignatureVerifier(builtinNodeCrypto());
  const subtleVerify = createSignatureVerifier(undefined);
  await cpuOf(
    'HMAC verify on Node (node:crypto createHmac + timingSafeEqual, key cached)',
    () => nodeVerify(bytes, sample.signature, BENCH_SECRET),
    rows,
  );
  await cpuOf(
    'HMAC verify elsewhere (crypto.subtle.verify, key cached)',
    () => subtleVerify(bytes, sample.signature, BENCH_SECRET),
    rows,
  );
  await cpuOf('decodeWebhookEvent (JSON.parse + schema)', () => decodeWebhookEvent(bytes), rows);
  await cpuOf(
    'memory store de-dup: setIfAbsent + set',
    async (i) => {
      const key = `stage:claim:${offset + i}`;
      await store.setIfAbsent(key, 'p', 60_000);
      await store.set(key, 'd', 60_000);
    },
    rows,
  );
  await cpuOf(
    'relay.publish (memory store)',
    (i) =>
      relay.publish({ ...(event as { event: object }).event, id: `evt_publish_${i}` } as never),
    rows,
  );
  await cpuOf(
    'knownBodies.response of the acknowledgement',
    () =>
      knownBodies.response('{"received":true}', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    rows,
  );
  print('Webhook delivery, by stage', rows);
}

const ONLY = process.env.STAGES_ONLY;
const upstream = await startServer('upstream');
try {
  const loanId = upstream.loanId as string;
  if (ONLY !== 'webhooks') await reads(upstream.origin, loanId);
  if (ONLY !== 'reads') await webhooks(loanId);
} finally {
  await upstream.stop();
}
