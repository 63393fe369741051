// One server of the efficiency benchmark, in its own process (started by efficiency.ts with
// `node --import tsx --expose-gc`). The parent talks to it over IPC: it answers `ready` with its
// port, and measures itself on request (CPU time between two marks, memory after a GC).
import { writeFileSync } from 'node:fs';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Session } from 'node:inspector';
import { serve } from 'srvx/node';
import { toNodeHandler } from '../../../src/server/toNodeHandler.js';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import { benchBff } from './benchBff.js';
import { displayBody } from './displayBody.js';
import type { Command, Reply, ServerKind, ServerSettings } from './protocol.js';
import { API, BENCH_SECRET, TOKEN, WEBHOOK_PATH } from './protocol.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

const quiet = {
  warn: () => undefined,
  error: (m: string, meta?: unknown) => console.error(m, meta),
};

/** The service as a fixed answer: a token, and one rated loan's quote display. */
async function upstream(): Promise<{ listener: Listener; loanId: string }> {
  const { loanId, body } = await displayBody();
  let bytes = Buffer.from(body);
  const tokenBody = Buffer.from(
    JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 86_400 }),
  );
  const displayPath = `/lenders/v1/loans/${loanId}/display`;
  const listener: Listener = (req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/lenders/v1/auth/token') {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Length': tokenBody.length,
        });
        res.end(tokenBody);
      } else if (req.method === 'GET' && req.url === displayPath) {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) {
          res.writeHead(401).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': bytes.length });
        res.end(bytes);
      } else {
        res
          .writeHead(404, { 'Content-Type': 'application/json' })
          .end('{"error":{"code":"not_found"}}');
      }
    });
  };
  // The hosted links name the upstream's own host, as the service's do.
  setOrigin = (origin) => {
    bytes = Buffer.from(body.replaceAll('http://sandbox.test', origin));
  };
  return { listener, loanId };
}
let setOrigin: ((origin: string) => void) | undefined;

/** The BFF as a host mounts it: node:http, `toNodeHandler`, a memory store. */
function bff(settings: ServerSettings) {
  if (settings.upstream === undefined) throw new Error('A BFF server needs the upstream origin');
  const owned = new Set(settings.loanIds);
  const { store, insurance } = benchBff(
    settings.upstream,
    // Every loan belongs to every session here: a lookup in a Set, as a host's would be.
    ({ loanId }) => loanId === undefined || (loanId !== null && owned.has(loanId)),
    quiet,
  );
  const webhooks = createWebhookHandler({
    secret: BENCH_SECRET,
    store,
    relay: insurance.relay,
    logger: quiet,
  });
  const api = toNodeHandler(insurance.handler);
  const hooks = toNodeHandler(webhooks.handler);
  const listener: Listener = (req, res) =>
    req.url === WEBHOOK_PATH ? hooks(req, res) : api(req, res);
  return listener;
}

/** The least a Node proxy does: forward the path with the token, copy the status and body. */
function proxy(settings: ServerSettings): Listener {
  return async (req, res) => {
    const path = (req.url ?? '/').replace(API, '/lenders/v1');
    const answer = await fetch(`${settings.upstream}${path}`, {
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, {
      'Content-Type': answer.headers.get('content-type') ?? 'application/json',
      'Content-Length': body.length,
    });
    res.end(body);
  };
}

/**
 * The same proxy on `node:http`'s own client (a keep-alive agent, the bytes piped through), the
 * transport the service client uses on Node: the least a Node proxy can do at all.
 */
function httpProxy(settings: ServerSettings): Listener {
  const agent = new Agent({ keepAlive: true });
  return (req, res) => {
    const path = (req.url ?? '/').replace(API, '/lenders/v1');
    const upstream = httpRequest(
      `${settings.upstream}${path}`,
      { agent, headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          'Content-Type': answer.headers['content-type'] ?? 'application/json',
          ...(answer.headers['content-length']
            ? { 'Content-Length': answer.headers['content-length'] }
            : {}),
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end();
  };
}

/** The HTTP floor of a webhook: read the body, answer 204. */
const floor: Listener = (req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(204).end());
};

/**
 * A web-standard handler on srvx's `serve` for node:http (the server adapter the library builds
 * on): the least a `(Request) => Promise<Response>` server does, as Next.js route handlers, Hono
 * and the library's own handlers are written.
 */
function webStandard(fetch: (request: Request) => Promise<Response>): Listener {
  const server = serve({ fetch, manual: true, silent: true, gracefulShutdown: false });
  return server.node?.handler as Listener;
}

/** The least a web-standard proxy does: `fetch` the upstream, answer its text. */
function webProxy(settings: ServerSettings): Listener {
  return webStandard(async (request) => {
    const { pathname } = new URL(request.url);
    const upstream = await fetch(`${settings.upstream}${pathname.replace(API, '/lenders/v1')}`, {
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' },
    });
    return new Response(await upstream.text(), {
      status: upstream.status,
      headers: { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' },
    });
  });
}

/** The web-standard HTTP floor of a webhook: read the body as text, answer 204. */
const webFloor = () =>
  webStandard(async (request) => {
    await request.text();
    return new Response(null, { status: 204 });
  });

/**
 * The web-standard floor plus the one check no receiver may skip: the body's HMAC-SHA256 under
 * the client secret, by `crypto.subtle.verify` with the key imported once, as the library checks
 * it. A wrong signature is a 401.
 */
function webVerifyFloor(): Listener {
  const encoder = new TextEncoder();
  const key = crypto.subtle.importKey(
    'raw',
    encoder.encode(BENCH_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return webStandard(async (request) => {
    // `text()` is srvx's fast read of the Node stream (`arrayBuffer()` builds an undici request
    // and a web stream first); the body here is ASCII JSON, so its bytes come back unchanged.
    const body = encoder.encode(await request.text());
    const hex = request.headers.get('x-service-signature-1') ?? '';
    const signature = new Uint8Array(32);
    for (let i = 0; i < 32; i++) signature[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    const ok = await crypto.subtle.verify('HMAC', await key, signature, body);
    return new Response(null, { status: ok ? 204 : 401 });
  });
}

/** A bare event stream: the headers and a heartbeat, nothing else. */
function bareStreams(heartbeatMs: number): Listener {
  return (req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': open\n\n');
    const timer = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
    req.on('close', () => clearInterval(timer));
  };
}

async function listenerOf(kind: ServerKind, settings: ServerSettings) {
  switch (kind) {
    case 'upstream': {
      const up = await upstream();
      return { listener: up.listener, loanId: up.loanId };
    }
    case 'bff':
      return { listener: bff(settings) };
    case 'proxy':
      return { listener: proxy(settings) };
    case 'http-proxy':
      return { listener: httpProxy(settings) };
    case 'floor':
      return { listener: floor };
    case 'web-proxy':
      return { listener: webProxy(settings) };
    case 'web-floor':
      return { listener: webFloor() };
    case 'web-verify-floor':
      return { listener: webVerifyFloor() };
    case 'bare-sse':
      return { listener: bareStreams(15_000) };
  }
}

/** A CPU profile of what runs between two marks (warm code only), written as `<prefix>-n.cpuprofile`. */
function steadyProfiler(prefix: string) {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let n = 0;
  return {
    async start() {
      await post('Profiler.enable');
      await post('Profiler.start');
    },
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(`${prefix}-${n++}.cpuprofile`, JSON.stringify(profile));
    },
  };
}

function gc() {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  for (let i = 0; i < 3; i++) collect();
}

const send = (reply: Reply) => process.send?.(reply);

async function main() {
  const kind = process.argv[2] as ServerKind;
  const settings = JSON.parse(process.argv[3] ?? '{}') as ServerSettings;
  const { listener, loanId } = await listenerOf(kind, settings);
  const server = createServer({ keepAliveTimeout: 60_000 }, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  setOrigin?.(`http://127.0.0.1:${port}`);
  let mark = process.cpuUsage();
  const profiler = process.env.BENCH_PROFILE
    ? steadyProfiler(`${process.env.BENCH_PROFILE}/${kind}`)
    : undefined;
  // The benchmark ended (or died): nothing is left to serve.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (command: Command) => {
    switch (command.cmd) {
      case 'cpu-start':
        void profiler?.start();
        mark = process.cpuUsage();
        send({ kind: 'cpu-started' });
        break;
      case 'cpu-stop': {
        const used = process.cpuUsage(mark);
        void profiler?.stop().then(() => send({ kind: 'cpu', micros: used.user + used.system }));
        if (!profiler) send({ kind: 'cpu', micros: used.user + used.system });
        break;
      }
      case 'memory': {
        gc();
        const { heapUsed, rss } = process.memoryUsage();
        send({ kind: 'memory', heapUsed, rss });
        break;
      }
      case 'exit':
        server.closeAllConnections();
        server.close(() => process.exit(0));
        break;
    }
  });
  send({ kind: 'ready', port, ...(loanId === undefined ? {} : { loanId }) });
}

void main();
