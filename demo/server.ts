// The borrower-portal demo: one process on 127.0.0.1 with the sandbox (unless SERVICE_BASE_URL
// points at a real service), the service client, the BFF, the webhook receiver and the portal UI,
// all on one origin. The UI is the production build (built on the first start, then reused while
// its inputs are unchanged); with --dev (`npm run dev`) it is Vite in middleware mode, with hot
// reload. See demo/README.md.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import type { BasicAuthCredentials, Loan } from '../src/server/index.js';
import {
  createInsuranceBff,
  createMemoryStore,
  createServiceClient,
  createWebhookHandler,
  DEFAULT_BFF_BASE_PATH,
  toNodeHandler,
} from '../src/server/index.js';
import { createRedisStore } from '../src/server/redis/index.js';
import type { SandboxServer } from '../src/testing/startSandboxServer.js';
import { startSandboxServer } from '../src/testing/startSandboxServer.js';
import { buildPortal } from './buildPortal.js';
import { listenOrExit } from './listenOrExit.js';
import { readDemoSettings } from './readDemoSettings.js';
import { servePortal } from './servePortal.js';

const API = DEFAULT_BFF_BASE_PATH;
const WEBHOOK_PATH = '/webhooks/insurance';
const COOKIE = 'lir_demo_session';
const HOST = '127.0.0.1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SESSION_IDLE_MS = 12 * HOUR;
const MINT_WINDOW_MS = 10 * MINUTE;
const demoRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');

/** A value nobody can guess, for this run only. */
const fresh = (bytes: number) => randomBytes(bytes).toString('base64url');

// Every setting is read (and a bad one refused, exit 2) before anything starts. The service's
// are read as the library reads them (readServiceEnv): SERVICE_BASE_URL names a real service;
// without it the embedded sandbox plays the service, with the same header prefix and routes.
const settings = readDemoSettings(process.env);
const { port, quoteDelayMs, sessionsPerAddress, rateSharePerAddress, service } = settings;
// `auto` (the default) takes the one X-*-Signature-1 whose HMAC verifies; a prefix pins it.
const webhookHeaderPrefix = service.webhooks.headerPrefix;
// The sandbox signs under a real prefix: the pinned one, else its own default (the
// specification's, or a vendor's when it answers as production does).
const sandboxHeaderPrefix = webhookHeaderPrefix !== 'auto' ? webhookHeaderPrefix : undefined;
const routes = service.client.routes;
const routeList = Object.entries(routes).map(([name, route]) => `${name}=${route}`);

// Node's defaults let a client take 5 minutes to send one request; nothing here needs more than
// a few seconds (event streams are responses, which these limits do not cover).
const server = createServer({
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  connectionsCheckingInterval: 5_000,
});
// A request that arrives while the rest starts waits for it, rather than finding no listener.
let startRouting: (route: RequestListener) => void = () => undefined;
const routing = new Promise<RequestListener>((resolve) => {
  startRouting = resolve;
});
server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  void routing.then((route) => route(req, res));
});
// The port first: when it is taken, one line says so and nothing else has started (no sandbox,
// Redis connection or Vite to print, hold a port or be closed).
await listenOrExit(server, port, HOST);
const address = server.address();
const origin = `http://${HOST}:${typeof address === 'object' && address ? address.port : port}`;

// The service: a real one named by the environment, or the sandbox on its own port. The sandbox
// gets credentials made up for this run, not its published defaults: the client secret is also
// the key webhooks are signed with, so a known one would let anyone push events to the portal.
let sandboxServer: SandboxServer | undefined;
const credentials = {
  clientId: service.client.clientId,
  clientSecret: service.client.clientSecret,
  partnerId: service.client.partnerId,
};
let baseUrl = service.client.baseUrl;
let webhookBasicAuth: BasicAuthCredentials | undefined = service.webhooks.basicAuth;
if (settings.sandbox) {
  // The sandbox speaks like the service the settings describe: the same header prefix and
  // paths, so a configuration can be tried here before it meets the real service.
  sandboxServer = await startSandboxServer({
    port: 0,
    hostname: HOST,
    quoteDelayMs,
    clients: [{ clientId: credentials.clientId, clientSecret: credentials.clientSecret }],
    ...(sandboxHeaderPrefix ? { webhookHeaderPrefix: sandboxHeaderPrefix } : {}),
    productionLike: settings.productionLike,
    routes,
  });
  baseUrl = sandboxServer.baseUrl;
  webhookBasicAuth = { username: `hooks_${randomBytes(6).toString('hex')}`, password: fresh(24) };
}

// Sessions: a random id in an HttpOnly cookie, minted on a page load without one. A loan belongs
// to the session that created it. Anyone can mint sessions, so each remembers the address that
// minted it: the partner's rate budget is shared per address (fairnessKey), and one address may
// mint only `sessionsPerAddress` per 10 minutes. Idle sessions and old counts are swept.
interface DemoSession {
  id: string;
  address: string;
}
const sessions = new Map<string, { address: string; lastSeen: number }>();
/** Per address, when it minted each session of the current window. */
const mints = new Map<string, number[]>();
const loanOwners = new Map<string, string>();

function findSession(cookieHeader: string | null | undefined): DemoSession | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, id] = part.trim().split('=');
    if (name !== COOKIE || !id) continue;
    const record = sessions.get(id);
    const now = Date.now();
    if (!record || now - record.lastSeen >= SESSION_IDLE_MS) return null;
    record.lastSeen = now;
    return { id, address: record.address };
  }
  return null;
}

function recentMints(address: string, now: number): number[] {
  return (mints.get(address) ?? []).filter((at) => at > now - MINT_WINDOW_MS);
}

function sweepSessions() {
  const now = Date.now();
  for (const [id, { lastSeen }] of sessions) {
    if (now - lastSeen >= SESSION_IDLE_MS) sessions.delete(id);
  }
  for (const [loanId, owner] of loanOwners) {
    if (!sessions.has(owner)) loanOwners.delete(loanId);
  }
  for (const address of mints.keys()) {
    const recent = recentMints(address, now);
    if (recent.length > 0) mints.set(address, recent);
    else mints.delete(address);
  }
}
setInterval(sweepSessions, MINT_WINDOW_MS).unref();

// REDIS_URL: keep the token, rate budget, de-duplication and events in Redis (as several
// instances would) instead of this process's memory.
const redisStore = service.redisUrl ? createRedisStore({ redis: service.redisUrl }) : undefined;
const store = redisStore ?? createMemoryStore();
const client = createServiceClient({ baseUrl, ...credentials, routes, store });
const bff = createInsuranceBff<DemoSession>({
  client,
  store,
  basePath: API,
  getSession: (request) => findSession(request.headers.get('cookie')),
  // A policy the BFF holds no link for (loanId null) belongs to no session here.
  authorize: ({ session, loanId }) =>
    loanId === undefined || (loanId !== null && loanOwners.get(loanId) === session.id),
  fairnessKey: ({ session }) => session.address,
  fairShare: { limit: rateSharePerAddress, windowMs: MINUTE },
  onLoanCreated: ({ session, loan }: { session: DemoSession; loan: Loan }) => {
    loanOwners.set(loan.id, session.id);
  },
});
const webhooks = createWebhookHandler({
  secret: service.webhooks.secret,
  store,
  relay: bff.relay,
  headerPrefix: webhookHeaderPrefix,
  ...(webhookBasicAuth ? { basicAuth: webhookBasicAuth } : {}),
});
const bffNode = toNodeHandler(bff.handler);
const webhookNode = toNodeHandler(webhooks.handler);

/**
 * Gives a page load without a (live) session cookie a new session, unless its address minted
 * too many lately: then it answers 429 itself and returns false.
 */
function ensureSession(req: IncomingMessage, res: ServerResponse): boolean {
  const isPage =
    req.headers['sec-fetch-dest'] === 'document' ||
    (req.headers.accept ?? '').includes('text/html');
  if (!isPage || findSession(req.headers.cookie)) return true;
  const address = req.socket.remoteAddress ?? 'unknown';
  const now = Date.now();
  const recent = recentMints(address, now);
  if (recent.length >= sessionsPerAddress) {
    const retryAfter = Math.max(1, Math.ceil(((recent[0] ?? now) + MINT_WINDOW_MS - now) / 1000));
    res.writeHead(429, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfter),
    });
    res.end(
      `Too many new sessions from your address (at most ${sessionsPerAddress} per 10 minutes). ` +
        `Try again in ${retryAfter} s, with cookies on so that this browser keeps its session.\n`,
    );
    return false;
  }
  mints.set(address, [...recent, now]);
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, { address, lastSeen: now });
  const secure = (req.socket as TLSSocket).encrypted ? '; Secure' : '';
  res.setHeader('Set-Cookie', `${COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/${secure}`);
  return true;
}

// The portal: Vite's dev server with hot reload (--dev), or the production build from memory.
type Middleware = (req: IncomingMessage, res: ServerResponse) => void;
let portal: Middleware;
let portalSummary: string;
let closePortal = async () => {};
if (dev) {
  const [{ createServer: createViteServer }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  const vite = await createViteServer({
    configFile: false,
    root: demoRoot,
    appType: 'spa',
    plugins: [react()],
    cacheDir: `${repoRoot}node_modules/.vite/demo`,
    clearScreen: false,
    logLevel: 'warn',
    server: {
      middlewareMode: true,
      hmr: { server },
      fs: { allow: [repoRoot] },
    },
  });
  portal = (req, res) =>
    vite.middlewares(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  portalSummary = 'Vite dev server, hot reload (npm run dev)';
  closePortal = () => vite.close();
} else {
  const build = await buildPortal();
  portal = await servePortal(build.dir);
  portalSummary = `production build, ${build.summary} (npm run dev for hot reload)`;
}

function fail(res: ServerResponse, error: unknown) {
  console.error('demo: request failed', error);
  if (!res.headersSent) res.statusCode = 500;
  res.end();
}

startRouting((req: IncomingMessage, res: ServerResponse) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === API || path.startsWith(`${API}/`)) {
    bffNode(req, res).catch((error) => fail(res, error));
  } else if (path === WEBHOOK_PATH) {
    webhookNode(req, res).catch((error) => fail(res, error));
  } else if (ensureSession(req, res)) {
    portal(req, res);
  }
});

async function closeAll() {
  await closePortal();
  await bff.close();
  await redisStore?.close();
  server.closeAllConnections();
  if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  await sandboxServer?.close();
}

if (sandboxServer) {
  sandboxServer.sandbox.registerWebhook(credentials.clientId, {
    url: `${origin}${WEBHOOK_PATH}`,
    ...webhookBasicAuth,
  });
}

// What this run uses, never a secret (no client secret, webhook secret or password).
console.log(`Borrower portal demo: ${origin}/`);
if (sandboxServer) {
  console.log(`  service   sandbox at ${sandboxServer.baseUrl} (quoting takes ${quoteDelayMs} ms)`);
  // Another origin, as the service's CDN: the BFF's default document rule lets it through for
  // a local service, and the portal sends no CSP that would have to name it.
  console.log(`  assets    documents and carrier logos from ${sandboxServer.assetOrigin}`);
  console.log(`  webhooks  ${origin}${WEBHOOK_PATH} (credentials made up for this run)`);
  console.log(
    settings.productionLike
      ? '  answers   production-like (SANDBOX_PRODUCTION_LIKE=1): nulls, numbers as text, unknown fields, a quote without an id, a document not ready yet'
      : '  answers   as documented (SANDBOX_PRODUCTION_LIKE=1 for production-like ones)',
  );
} else {
  const partner = credentials.partnerId ? `, partner id ${credentials.partnerId}` : '';
  console.log(`  service   ${baseUrl} (client id ${credentials.clientId}${partner})`);
  console.log(`  webhooks  configure the service to deliver to <public origin>${WEBHOOK_PATH}`);
  console.log(
    `            signed with ${service.webhookSecretFrom === 'WEBHOOK_SECRET' ? 'WEBHOOK_SECRET' : 'the client secret'}; basic auth ${webhookBasicAuth ? 'on (WEBHOOK_BASIC_AUTH_*)' : 'off'}`,
  );
}
console.log(
  webhookHeaderPrefix === 'auto'
    ? `  headers   the one X-*-Signature-1 whose HMAC verifies, -Partner-Id and -External-Id under its prefix (WEBHOOK_HEADER_PREFIX auto)${sandboxServer ? `; the sandbox signs under ${sandboxServer.sandbox.webhookHeaderPrefix}` : ''}`
    : `  headers   ${webhookHeaderPrefix}-Signature-1, ${webhookHeaderPrefix}-Partner-Id, ${webhookHeaderPrefix}-External-Id (WEBHOOK_HEADER_PREFIX)`,
);
console.log(
  `  routes    ${routeList.length > 0 ? routeList.join('; ') : 'the operation table'} (SERVICE_ROUTES)`,
);
console.log(`  store     ${redisStore ? 'Redis (REDIS_URL)' : 'memory'}`);
console.log(`  portal    ${portalSummary}`);
console.log(`  sessions  at most ${sessionsPerAddress} new ones per address per 10 minutes`);
console.log('Press Ctrl+C to stop.');

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Received ${signal}, stopping.`);
  try {
    await closeAll();
    process.exit(0);
  } catch (error) {
    console.error('demo: failed to stop cleanly', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
