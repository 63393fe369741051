import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createInsuranceBff } from '../../../src/server/bff/createInsuranceBff.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { SERVICE_CLIENT_DEFAULTS } from '../../../src/server/client/serviceClientDefaults.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import { toNodeHandler } from '../../../src/server/toNodeHandler.js';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import { startSandboxServer } from '../../../src/testing/startSandboxServer.js';

export const HOST = '127.0.0.1';
export const API = '/api/insurance';
export const WEBHOOK_PATH = '/webhooks/insurance';
export const SESSION_COOKIE = 'bench_session';
const CLIENT_ID = 'bench_client';
const PARTNER_ID = 'bench_partner';
/** The service client's rate window in the store (see createServiceClient). */
const RATE_KEY = `lir:rate:${CLIENT_ID}:-`;

/** Options of {@link startPushStack}. */
export interface PushStackOptions {
  /** The directory of the built page (see buildPushPage). */
  pageDir: string;
  /** The sandbox's quoting time, `[min, max]` ms: before the measured interval, so shortened. */
  quoteDelayMs: readonly [number, number];
  /**
   * Slots of the service client's rate window to fill first, as the partner's traffic of the
   * last window would have, evenly spread over it: the window then frees a slot at a time, as
   * under steady saturation, rather than all at once a minute after a burst. Default 0.
   */
  prefill?: number;
}

/** What the stack saw of the partner's rate budget: the service client's slot requests. */
export interface BudgetWatch {
  /** Slots the service client's queue took. */
  acquired: number;
  /** Times it asked and the window was full (callers waiting for it). */
  refused: number;
  /** Whether the queue's last request for a slot was refused: callers are waiting right now. */
  full: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const sessionOf = (cookie: string | null | undefined): string | null => {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value) return value;
  }
  return null;
};

/**
 * The server side of the push bench, on 127.0.0.1, in this process, assembled as a host
 * assembles it (demo/server.ts): the sandbox as the service (its own port, real-time clock, the
 * service's rate limit of 100 per 60 s, webhook delivery), the service client with its defaults
 * (90 per 60 s, 20 s deadline), the BFF and the webhook receiver with theirs, and the built page,
 * all on one origin behind `node:http` and `toNodeHandler`. Sessions are a cookie; a loan belongs
 * to the session it was given to.
 *
 * The webhook receiver is wrapped to note when each `loan.shopped` delivery came in
 * (`Date.now()` as its request reaches the handler), and what the rate budget looked like then.
 */
export async function startPushStack(options: PushStackOptions) {
  const clientSecret = `bench-${randomBytes(18).toString('base64url')}`;
  const sandboxServer = await startSandboxServer({
    port: 0,
    hostname: HOST,
    quoteDelayMs: [...options.quoteDelayMs] as [number, number],
    clients: [{ clientId: CLIENT_ID, clientSecret, partnerId: PARTNER_ID }],
    logger: { warn: () => undefined },
  });
  const { sandbox } = sandboxServer;
  // Shifted only while the window is pre-filled, before anything else uses the store.
  let shift = 0;
  const store = createMemoryStore({ now: () => Date.now() + shift });
  const { limit, windowMs, latencyAllowanceMs } = SERVICE_CLIENT_DEFAULTS.rateLimit;
  const window = windowMs + latencyAllowanceMs;
  const prefill = Math.min(options.prefill ?? 0, limit);
  for (let i = 0; i < prefill; i++) {
    shift = -window + 1_000 + Math.round((i * (window - 2_000)) / prefill);
    await store.acquireSlot(RATE_KEY, limit, window);
  }
  shift = 0;
  const budget: BudgetWatch = { acquired: 0, refused: 0, full: false };
  // The client's view of the store counts its slot requests (the queue's pump is their only
  // caller), so the bench can tell when callers are waiting for the window.
  const clientStore: Store = {
    ...store,
    async acquireSlot(key, limit, windowMs) {
      const slot = await store.acquireSlot(key, limit, windowMs);
      if (key.startsWith('lir:rate:')) {
        if (slot.acquired) budget.acquired++;
        else budget.refused++;
        budget.full = !slot.acquired;
      }
      return slot;
    },
  };
  const client = createServiceClient({
    baseUrl: sandboxServer.baseUrl,
    clientId: CLIENT_ID,
    clientSecret,
    store: clientStore,
    logger: { warn: () => undefined, error: () => undefined },
  });
  const owners = new Map<string, string>();
  const errors: string[] = [];
  const bff = createInsuranceBff<{ id: string }>({
    client,
    store,
    basePath: API,
    getSession: (request) => {
      const id = sessionOf(request.headers.get('cookie'));
      return id ? { id } : null;
    },
    authorize: ({ session, loanId }) =>
      loanId === undefined || (!!loanId && owners.get(loanId) === session.id),
    onLoanCreated: ({ session, loan }) => {
      owners.set(loan.id, session.id);
    },
    logger: {
      warn: () => undefined,
      error: (message: string) => {
        errors.push(message);
      },
    },
  });
  const webhooks = createWebhookHandler({
    secret: clientSecret,
    store,
    relay: bff.relay,
    logger: { warn: () => undefined, error: (message: string) => errors.push(message) },
  });

  /** When each loan's first `loan.shopped` delivery came in, and whether callers were queued. */
  const webhookIn = new Map<string, { at: number; budgetFull: boolean }>();
  const listeners = new Set<(loanId: string) => void>();
  const timedWebhook = async (request: Request): Promise<Response> => {
    const at = Date.now();
    const budgetFull = budget.full;
    const copy = request.clone();
    const response = await webhooks.handler(request);
    try {
      const event = (await copy.json()) as { type?: string; data?: { loanId?: string } };
      const loanId = event.data?.loanId;
      if (event.type === 'loan.shopped' && loanId && !webhookIn.has(loanId)) {
        webhookIn.set(loanId, { at, budgetFull });
        for (const listener of listeners) listener(loanId);
      }
    } catch {
      // Not an event of ours: the receiver answered it.
    }
    return response;
  };

  const bffNode = toNodeHandler(bff.handler);
  const webhookNode = toNodeHandler(timedWebhook);
  const pages = new Map<string, Buffer>();
  const serveFile = async (path: string, res: ServerResponse) => {
    const file = normalize(path === '/' ? '/index.html' : path);
    if (file.includes('..')) {
      res.writeHead(404).end();
      return;
    }
    let body = pages.get(file);
    if (!body) {
      try {
        body = await readFile(join(options.pageDir, file));
      } catch {
        res.writeHead(404).end();
        return;
      }
      pages.set(file, body);
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(body);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const fail = (error: unknown) => {
      errors.push(String(error));
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    };
    if (path.startsWith(`${API}/`)) bffNode(req, res).catch(fail);
    else if (path === WEBHOOK_PATH) webhookNode(req, res).catch(fail);
    else serveFile(path, res).catch(fail);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  const origin = `http://${HOST}:${typeof address === 'object' && address ? address.port : 0}`;
  sandbox.registerWebhook(CLIENT_ID, { url: `${origin}${WEBHOOK_PATH}` });

  /** A new session id, and the cookie that carries it. */
  const newSession = () => {
    const id = randomBytes(12).toString('base64url');
    return { id, cookie: `${SESSION_COOKIE}=${id}` };
  };

  /** Calls the BFF as the browser of `cookie` would (CSRF header on writes). */
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}${API}${path}`, {
      method,
      headers: {
        cookie,
        accept: 'application/json',
        ...(method === 'GET' ? {} : { 'X-LIR-CSRF': '1' }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  };

  /**
   * A loan application with consent recorded, made in the sandbox directly (no rate-limited
   * call: the bench's setup spends none of the budget it measures), given to `sessionId`.
   */
  const seedLoan = async (sessionId: string, n: number) => {
    const loan = await sandbox.seedLoan({ loanNumber: `PUSH-${n}` }, { clientId: CLIENT_ID });
    owners.set(loan.id, sessionId);
    return loan.id;
  };

  return {
    origin,
    sandbox,
    budget,
    webhookIn,
    errors,
    /** Calls `listener` with the loan id of each first `loan.shopped` delivery from now on. */
    onWebhook(listener: (loanId: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    newSession,
    call,
    seedLoan,
    async close() {
      await bff.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandboxServer.close();
    },
  };
}

/** A started push stack. */
export type PushStack = Awaited<ReturnType<typeof startPushStack>>;
