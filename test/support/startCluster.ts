import { serve } from 'srvx';
import type { WebhookEvent } from '../../src/core/schemas/webhookEvent.js';
import { createInsuranceBff } from '../../src/server/bff/createInsuranceBff.js';
import { createServiceClient } from '../../src/server/client/createServiceClient.js';
import type { ServiceClientOptions } from '../../src/server/client/ServiceClientOptions.js';
import type { Store } from '../../src/server/store/Store.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import type { SandboxServerOptions } from '../../src/testing/startSandboxServer.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { loansOwnedBySession } from './loansOwnedBySession.js';
import { readResponse } from './readResponse.js';
import { serveBffAndWebhooks, WEBHOOK_PATH } from './serveBffAndWebhooks.js';
import { sessionFromHeader } from './sessionFromHeader.js';

export { WEBHOOK_PATH };

/** The BFF's base path of every instance. */
export const API = '/api/insurance';
/** The header a test browser names its session with (a real host uses its session cookie). */
export const SESSION_HEADER = 'x-test-session';

/** Options of {@link startCluster}. */
export interface ClusterOptions {
  /** BFF instances, each with its own service client, BFF and webhook receiver. Default 1. */
  instances?: number;
  /** The store of instance `i` (instances sharing state share a store, or a Redis). */
  store: (i: number) => Store;
  sandbox?: SandboxServerOptions;
  client?: Partial<ServiceClientOptions>;
  /** Records every request the sandbox receives (method, path, headers). */
  recordUpstream?: boolean;
  /** Logs the BFFs' errors to the console. Default true. */
  logErrors?: boolean;
}

/** A request the sandbox received. */
export interface UpstreamRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Starts the server side on 127.0.0.1: the sandbox (as the service) and `instances` apps, each
 * with a BFF and a webhook receiver over its store. With several instances the sandbox's
 * webhooks go through a round-robin balancer, as behind a load balancer. Sessions are named by
 * a test header; a loan belongs to the session that created it, in a map every instance shares
 * (the host's session database).
 */
export async function startCluster(options: ClusterOptions) {
  const count = options.instances ?? 1;
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
  const logErrors = options.logErrors ?? true;
  // One ownership for all instances: a loan created through one is its session's on every one.
  const ownership = loansOwnedBySession();

  const startInstance = async (i: number) => {
    const store = options.store(i);
    const serviceClient = createServiceClient({
      baseUrl: sandboxServer.baseUrl,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      store,
      ...options.client,
    });
    const logger = {
      warn: () => undefined,
      error: (m: string, meta?: unknown) => {
        if (logErrors) console.error(`[instance ${i}] ${m}`, meta);
      },
    };
    const bff = createInsuranceBff<{ id: string }>({
      client: serviceClient,
      store,
      basePath: API,
      getSession: sessionFromHeader(SESSION_HEADER),
      ...ownership,
      logger,
    });
    /** The events this instance's receiver processed (`onEvent`), in order. */
    const processed: WebhookEvent[] = [];
    const webhooks = createWebhookHandler({
      secret: client.clientSecret,
      store,
      relay: bff.relay,
      onEvent: (event) => {
        processed.push(event);
      },
      logger,
    });
    const { app, origin } = await serveBffAndWebhooks(bff, webhooks);

    /** A browser of one session on this instance, calling the BFF like the HTTP adapter does. */
    const browser = (session: string) => ({
      async call(
        method: string,
        path: string,
        body?: unknown,
        headers: Record<string, string> = {},
      ) {
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
      origin,
      bff,
      store,
      serviceClient,
      webhooks,
      processed,
      browser,
      async close() {
        await bff.close();
        await app.close(true);
      },
    };
  };

  const instances: Array<Awaited<ReturnType<typeof startInstance>>> = [];
  for (let i = 0; i < count; i++) instances.push(await startInstance(i));
  const first = instances[0];
  if (!first) throw new Error('a cluster needs an instance');

  // Deliveries to several instances go through a round-robin balancer.
  let next = 0;
  const balancer =
    count === 1
      ? undefined
      : serve({
          port: 0,
          hostname: '127.0.0.1',
          silent: true,
          gracefulShutdown: false,
          fetch: async (request: Request) => {
            const target = instances[next++ % count] ?? first;
            const url = new URL(request.url);
            return fetch(`${target.origin}${url.pathname}`, {
              method: request.method,
              headers: request.headers,
              body: await request.arrayBuffer(),
            });
          },
        });
  await balancer?.ready();
  const webhookOrigin = balancer ? new URL(balancer.url ?? '').origin : first.origin;
  sandbox.registerWebhook(client.clientId, { url: `${webhookOrigin}${WEBHOOK_PATH}` });

  return {
    sandbox,
    sandboxServer,
    client,
    upstream,
    instances,
    async close() {
      for (const instance of instances) await instance.close();
      await balancer?.close(true);
      await sandboxServer.close();
    },
  };
}

/** A started cluster. */
export type Cluster = Awaited<ReturnType<typeof startCluster>>;
/** One instance of a started cluster. */
export type ClusterInstance = Cluster['instances'][number];
