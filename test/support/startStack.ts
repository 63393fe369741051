import { serve } from 'srvx';
import type { Loan } from '../../src/core/schemas/loan.js';
import { createInsuranceBff } from '../../src/server/bff/createInsuranceBff.js';
import { createServiceClient } from '../../src/server/client/createServiceClient.js';
import type { ServiceClientOptions } from '../../src/server/client/ServiceClientOptions.js';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { Store } from '../../src/server/store/Store.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import type { SandboxServerOptions } from '../../src/testing/startSandboxServer.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { readResponse } from './readResponse.js';

/** The BFF's base path and the webhook path in a started stack. */
export const API = '/api/insurance';
export const WEBHOOK_PATH = '/webhooks/insurance';
/** The header a test browser names its session with (a real host uses its session cookie). */
export const SESSION_HEADER = 'x-test-session';

/** Options of {@link startStack}. */
export interface StackOptions {
  sandbox?: SandboxServerOptions;
  client?: Partial<ServiceClientOptions>;
  store?: Store;
  /** Records every request the sandbox receives (method, path, headers). */
  recordUpstream?: boolean;
}

/** A request the sandbox received. */
export interface UpstreamRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Starts the whole server side on 127.0.0.1: the sandbox (as the service), and one app with the
 * BFF and the webhook receiver registered with the sandbox, sharing a store. Sessions are named
 * by a test header; a loan belongs to the session that created it.
 */
export async function startStack(options: StackOptions = {}) {
  const upstream: UpstreamRequest[] = [];
  const sandboxServer = await startSandboxServer({
    port: 0,
    quoteDelayMs: 200,
    ...options.sandbox,
  });
  const { sandbox } = sandboxServer;
  if (options.recordUpstream) {
    const original = sandbox.handler;
    sandbox.handler = (request: Request) => {
      const url = new URL(request.url);
      upstream.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
      });
      return original(request);
    };
  }
  const client = sandbox.clients[0];
  if (!client) throw new Error('the sandbox has no client');
  const store = options.store ?? createMemoryStore();
  const owners = new Map<string, string>();
  const serviceClient = createServiceClient({
    baseUrl: sandboxServer.baseUrl,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    store,
    ...options.client,
  });
  const bff = createInsuranceBff<{ id: string }>({
    client: serviceClient,
    store,
    basePath: API,
    getSession: (request) => {
      const id = request.headers.get(SESSION_HEADER);
      return id ? { id } : null;
    },
    authorize: ({ session, loanId }) => loanId === undefined || owners.get(loanId) === session.id,
    onLoanCreated: ({ session, loan }: { session: { id: string }; loan: Loan }) => {
      owners.set(loan.id, session.id);
    },
    logger: { warn: () => undefined, error: (m, meta) => console.error(m, meta) },
  });
  const webhooks = createWebhookHandler({ secret: client.clientSecret, store, relay: bff.relay });
  const app = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    gracefulShutdown: false,
    fetch: (request: Request) =>
      new URL(request.url).pathname === WEBHOOK_PATH
        ? webhooks.handler(request)
        : bff.handler(request),
  });
  await app.ready();
  const origin = new URL(app.url ?? '').origin;
  sandbox.registerWebhook(client.clientId, { url: `${origin}${WEBHOOK_PATH}` });

  /** A browser of one session, calling the BFF like the HTTP adapter does. */
  const browser = (session: string) => ({
    async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${origin}${API}${path}`, {
        method,
        headers: {
          [SESSION_HEADER]: session,
          'X-LIR-CSRF': '1',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return readResponse(res);
    },
  });

  return {
    sandbox,
    sandboxServer,
    origin,
    bff,
    store,
    upstream,
    browser,
    async close() {
      await bff.close();
      await app.close(true);
      await sandboxServer.close();
    },
  };
}

/** A started stack. */
export type Stack = Awaited<ReturnType<typeof startStack>>;
