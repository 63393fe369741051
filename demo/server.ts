// The borrower-portal demo: one process on 127.0.0.1 with the sandbox (unless SERVICE_BASE_URL
// points at a real service), the service client, the BFF, the webhook receiver and the portal UI
// (Vite in middleware mode), all on one origin. See demo/README.md.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer } from 'vite';
import { parseBaseUrl } from '../src/server/client/parseBaseUrl.js';
import type { BasicAuthCredentials, Loan, ServiceRoutes } from '../src/server/index.js';
import {
  createInsuranceBff,
  createMemoryStore,
  createServiceClient,
  createWebhookHandler,
  DEFAULT_BFF_BASE_PATH,
  parseServiceRoutes,
  toNodeHandler,
} from '../src/server/index.js';
import { createRedisStore } from '../src/server/redis/index.js';
import { checkHeaderPrefix } from '../src/server/webhooks/checkHeaderPrefix.js';
import type { SandboxServer } from '../src/testing/startSandboxServer.js';
import { startSandboxServer } from '../src/testing/startSandboxServer.js';

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

/** A bad setting: one line naming the variable and what to fix, then exit code 2. */
function badSetting(message: string): never {
  console.error(message);
  process.exit(2);
}

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    badSetting(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

/**
 * A variable read with the library's own check (the one its option gets), so the demo accepts
 * exactly what the library does. A `TypeError` from it becomes one line naming the variable
 * instead of the option (`option`, when the message starts with it).
 */
function fromEnv<T>(name: string, read: (raw: string | undefined) => T, option?: string): T {
  try {
    return read(process.env[name] || undefined);
  } catch (error) {
    let message = error instanceof Error ? error.message : String(error);
    if (option && message.startsWith(option)) {
      message = message.slice(option.length).replace(/^[.:]?\s*/, '');
    }
    if (message.startsWith(name)) return badSetting(message);
    return badSetting(message.startsWith('must ') ? `${name} ${message}` : `${name}: ${message}`);
  }
}

/** A value nobody can guess, for this run only. */
const fresh = (bytes: number) => randomBytes(bytes).toString('base64url');

const port = intFromEnv('PORT', 5173, 0, 65535);
const quoteDelayMs = intFromEnv('DEMO_QUOTE_DELAY_MS', 8000, 0, 600_000);
const sessionsPerAddress = intFromEnv('DEMO_SESSIONS_PER_ADDRESS', 20, 1, 100_000);
// Every browser of one address shares this many rate-limited calls a minute: half the client's
// budget (90), so no address can take it all, and a whole borrower flow or two fit in a minute.
const rateSharePerAddress = intFromEnv('DEMO_RATE_SHARE', 45, 1, 90);
// The real service's base URL with its path prefix (https://host/lenders), checked as the
// service client checks it (https:, or http: on loopback; no credentials, query or fragment).
const serviceBaseUrl = fromEnv(
  'SERVICE_BASE_URL',
  (raw) => (raw === undefined ? undefined : parseBaseUrl(raw)),
  'baseUrl',
);
// The production service spells the webhook headers with its vendor's name (X-<Vendor>-
// Signature-1) where the spec writes X-Service: the receiver must read the same prefix.
const webhookHeaderPrefix = fromEnv('WEBHOOK_HEADER_PREFIX', (raw) =>
  checkHeaderPrefix(raw ?? 'X-Service', 'WEBHOOK_HEADER_PREFIX'),
);
// Per-operation path overrides, for the paths the real service spells differently.
const routes: ServiceRoutes = fromEnv('SERVICE_ROUTES', parseServiceRoutes, 'routes');
const routeList = Object.entries(routes).map(([name, route]) => `${name}=${route}`);

// The service: a real one named by the environment, or the sandbox on its own port. The sandbox
// gets credentials made up for this run, not its published defaults: the client secret is also
// the key webhooks are signed with, so a known one would let anyone push events to the portal.
let sandboxServer: SandboxServer | undefined;
let credentials: { clientId: string; clientSecret: string; partnerId?: string | undefined };
let baseUrl: string;
let webhookSecret: string;
let webhookBasicAuth: BasicAuthCredentials | undefined;
if (serviceBaseUrl) {
  const clientId = process.env.SERVICE_CLIENT_ID;
  const clientSecret = process.env.SERVICE_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    badSetting('SERVICE_BASE_URL needs SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET too');
  }
  const username = process.env.WEBHOOK_BASIC_AUTH_USERNAME || undefined;
  const password = process.env.WEBHOOK_BASIC_AUTH_PASSWORD || undefined;
  if ((username === undefined) !== (password === undefined)) {
    badSetting('WEBHOOK_BASIC_AUTH_USERNAME and WEBHOOK_BASIC_AUTH_PASSWORD go together');
  }
  credentials = { clientId, clientSecret, partnerId: process.env.SERVICE_PARTNER_ID || undefined };
  baseUrl = serviceBaseUrl;
  webhookSecret = process.env.WEBHOOK_SECRET || clientSecret;
  webhookBasicAuth = username && password ? { username, password } : undefined;
} else {
  // SERVICE_CLIENT_ID / SERVICE_CLIENT_SECRET, when set, are the sandbox's credentials instead
  // (a test that looks for the secret in browser traffic needs to know it).
  credentials = {
    clientId: process.env.SERVICE_CLIENT_ID || `demo_${randomBytes(6).toString('hex')}`,
    clientSecret: process.env.SERVICE_CLIENT_SECRET || fresh(32),
  };
  // The sandbox speaks like the service the settings describe: the same header prefix and
  // paths, so a configuration can be tried here before it meets the real service.
  sandboxServer = await startSandboxServer({
    port: 0,
    hostname: HOST,
    quoteDelayMs,
    clients: [credentials],
    webhookHeaderPrefix,
    routes,
  });
  baseUrl = sandboxServer.baseUrl;
  webhookSecret = credentials.clientSecret;
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
const redisStore = process.env.REDIS_URL
  ? createRedisStore({ redis: process.env.REDIS_URL })
  : undefined;
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
  secret: webhookSecret,
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

// Node's defaults let a client take 5 minutes to send one request; nothing here needs more than
// a few seconds (event streams are responses, which these limits do not cover).
const server = createServer({
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  connectionsCheckingInterval: 5_000,
});
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

function fail(res: ServerResponse, error: unknown) {
  console.error('demo: request failed', error);
  if (!res.headersSent) res.statusCode = 500;
  res.end();
}

server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === API || path.startsWith(`${API}/`)) {
    bffNode(req, res).catch((error) => fail(res, error));
  } else if (path === WEBHOOK_PATH) {
    webhookNode(req, res).catch((error) => fail(res, error));
  } else if (ensureSession(req, res)) {
    vite.middlewares(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  }
});

async function closeAll() {
  await vite.close();
  await bff.close();
  await redisStore?.close();
  server.closeAllConnections();
  if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  await sandboxServer?.close();
}

try {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  const other = port === 8080 ? 8081 : 8080;
  console.error(
    `Port ${port} on ${HOST} is already in use: stop what uses it, or choose another port, e.g. PORT=${other} npm start (PORT=0 picks a free one).`,
  );
  await closeAll().catch(() => undefined);
  process.exit(1);
}
const address = server.address();
const origin = `http://${HOST}:${typeof address === 'object' && address ? address.port : port}`;

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
  console.log(`  webhooks  ${origin}${WEBHOOK_PATH} (credentials made up for this run)`);
} else {
  const partner = credentials.partnerId ? `, partner id ${credentials.partnerId}` : '';
  console.log(`  service   ${baseUrl} (client id ${credentials.clientId}${partner})`);
  console.log(`  webhooks  configure the service to deliver to <public origin>${WEBHOOK_PATH}`);
  console.log(
    `            signed with ${process.env.WEBHOOK_SECRET ? 'WEBHOOK_SECRET' : 'the client secret'}; basic auth ${webhookBasicAuth ? 'on (WEBHOOK_BASIC_AUTH_*)' : 'off'}`,
  );
}
console.log(
  `  headers   ${webhookHeaderPrefix}-Signature-1, ${webhookHeaderPrefix}-Partner-Id, ${webhookHeaderPrefix}-External-Id (WEBHOOK_HEADER_PREFIX)`,
);
console.log(
  `  routes    ${routeList.length > 0 ? routeList.join('; ') : 'the operation table'} (SERVICE_ROUTES)`,
);
console.log(`  store     ${redisStore ? 'Redis (REDIS_URL)' : 'memory'}`);
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
