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
import type { Loan } from '../src/server/index.js';
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

const API = DEFAULT_BFF_BASE_PATH;
const WEBHOOK_PATH = '/webhooks/insurance';
const COOKIE = 'lir_demo_session';
const HOST = '127.0.0.1';
const demoRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return value;
}

const port = intFromEnv('PORT', 5173, 0, 65535);
const quoteDelayMs = intFromEnv('DEMO_QUOTE_DELAY_MS', 8000, 0, 600_000);
const serviceBaseUrl = process.env.SERVICE_BASE_URL || undefined;

// The service: a real one named by the environment, or the sandbox on its own port.
let sandboxServer: SandboxServer | undefined;
let credentials: { clientId: string; clientSecret: string; partnerId?: string | undefined };
let baseUrl: string;
if (serviceBaseUrl) {
  const clientId = process.env.SERVICE_CLIENT_ID;
  const clientSecret = process.env.SERVICE_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    console.error('SERVICE_BASE_URL needs SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET too');
    process.exit(2);
  }
  credentials = { clientId, clientSecret, partnerId: process.env.SERVICE_PARTNER_ID || undefined };
  baseUrl = serviceBaseUrl;
} else {
  sandboxServer = await startSandboxServer({ port: 0, hostname: HOST, quoteDelayMs });
  const client = sandboxServer.sandbox.clients[0];
  if (!client) throw new Error('the sandbox has no client');
  credentials = { clientId: client.clientId, clientSecret: client.clientSecret };
  baseUrl = sandboxServer.baseUrl;
}

// Sessions: a random id in an HttpOnly cookie, set on the first page load. A loan belongs to
// the session that created it.
interface DemoSession {
  id: string;
}
const sessions = new Set<string>();
const loanOwners = new Map<string, string>();

function readSessionId(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value && sessions.has(value)) return value;
  }
  return undefined;
}

// REDIS_URL: keep the token, rate budget, de-duplication and events in Redis (as several
// instances would) instead of this process's memory.
const redisStore = process.env.REDIS_URL
  ? createRedisStore({ redis: process.env.REDIS_URL })
  : undefined;
const store = redisStore ?? createMemoryStore();
const client = createServiceClient({ baseUrl, ...credentials, store });
const bff = createInsuranceBff<DemoSession>({
  client,
  store,
  basePath: API,
  getSession: (request) => {
    const id = readSessionId(request.headers.get('cookie'));
    return id ? { id } : null;
  },
  authorize: ({ session, loanId }) => loanId === undefined || loanOwners.get(loanId) === session.id,
  onLoanCreated: ({ session, loan }: { session: DemoSession; loan: Loan }) => {
    loanOwners.set(loan.id, session.id);
  },
});
const webhooks = createWebhookHandler({
  secret: process.env.WEBHOOK_SECRET || credentials.clientSecret,
  store,
  relay: bff.relay,
});
const bffNode = toNodeHandler(bff.handler);
const webhookNode = toNodeHandler(webhooks.handler);

/** Gives a page load without a (known) session cookie a new session. */
function ensureSession(req: IncomingMessage, res: ServerResponse) {
  const isPage =
    req.headers['sec-fetch-dest'] === 'document' ||
    (req.headers.accept ?? '').includes('text/html');
  if (!isPage || readSessionId(req.headers.cookie)) return;
  const id = randomBytes(24).toString('base64url');
  sessions.add(id);
  const secure = (req.socket as TLSSocket).encrypted ? '; Secure' : '';
  res.setHeader('Set-Cookie', `${COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/${secure}`);
}

const server = createServer();
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
  } else {
    ensureSession(req, res);
    vite.middlewares(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  }
});

await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, HOST, () => resolve());
});
const address = server.address();
const origin = `http://${HOST}:${typeof address === 'object' && address ? address.port : port}`;

if (sandboxServer) {
  sandboxServer.sandbox.registerWebhook(credentials.clientId, { url: `${origin}${WEBHOOK_PATH}` });
}

console.log(`Borrower portal demo: ${origin}/`);
if (sandboxServer) {
  console.log(`  service   sandbox at ${sandboxServer.baseUrl} (quoting takes ${quoteDelayMs} ms)`);
  console.log(`  webhooks  ${origin}${WEBHOOK_PATH}`);
} else {
  console.log(`  service   ${baseUrl}`);
  console.log(`  webhooks  configure the service to deliver to <public origin>${WEBHOOK_PATH}`);
}
console.log(`  store     ${redisStore ? 'Redis (REDIS_URL)' : 'memory'}`);
console.log('Press Ctrl+C to stop.');

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Received ${signal}, stopping.`);
  try {
    await vite.close();
    await bff.close();
    await redisStore?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await sandboxServer?.close();
    process.exit(0);
  } catch (error) {
    console.error('demo: failed to stop cleanly', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
