import { serve } from 'srvx';
import type { SandboxService, SandboxServiceOptions } from './sandbox/createSandboxService.js';
import { createSandboxService } from './sandbox/createSandboxService.js';

/** Options of {@link startSandboxServer}: the sandbox's, plus where to listen. */
export interface SandboxServerOptions extends SandboxServiceOptions {
  /** Port; 0 picks a free one. Default 4010. */
  port?: number;
  /**
   * Port of the asset origin, which serves documents and carrier logos. Default: the next port
   * (4011 beside 4010), or a free one when `port` is 0.
   */
  assetPort?: number;
  /** Default `127.0.0.1`: the sandbox is for this machine only. Both ports listen on it. */
  hostname?: string;
}

/** A sandbox listening on HTTP. */
export interface SandboxServer {
  sandbox: SandboxService;
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  /** The service base URL (origin + base path), e.g. `http://127.0.0.1:4010/lenders`. */
  baseUrl: string;
  /**
   * Where documents and carrier logos are served, e.g. `http://127.0.0.1:4011`: another
   * origin than the API's, as the service's CDN is (unless `assetOrigin` named another one).
   */
  assetOrigin: string;
  /** Stops both listeners. */
  close(): Promise<void>;
}

// A process serving the sandbox has someone watching its output: refusals are said there.
const consoleWarn = { warn: (message: string) => console.warn(message) };

type Listener = ReturnType<typeof serve>;

async function listen(
  fetch: (request: Request) => Promise<Response>,
  port: number,
  hostname: string,
): Promise<Listener> {
  const server = serve({ fetch, port, hostname, silent: true, gracefulShutdown: false });
  try {
    await server.ready();
  } catch (error) {
    await server.close(true).catch(() => undefined);
    if ((error as { code?: unknown } | null)?.code === 'EADDRINUSE') {
      throw Object.assign(
        new Error(`Port ${port} on ${hostname} is already in use`, { cause: error }),
        { code: 'EADDRINUSE' },
      );
    }
    throw error;
  }
  return server;
}

const originOf = (server: Listener, hostname: string, port: number) =>
  new URL(server.url ?? `http://${hostname}:${port}`).origin;

/**
 * Serves a sandbox over HTTP on this machine (Node), on two ports: the API and its hosted pages
 * on `port`, documents and carrier logos on `assetPort` (the asset origin), so a browser and
 * a BFF meet them on another host than the service's, as in production. Webhook deliveries a
 * receiver refuses are reported through `logger`, by default `console.warn`.
 *
 * @throws Error with `code: 'EADDRINUSE'` and the message "Port 4010 on 127.0.0.1 is already in
 *   use" when something listens on either port already.
 */
export async function startSandboxServer(
  options: SandboxServerOptions = {},
): Promise<SandboxServer> {
  const { port = 4010, hostname = '127.0.0.1', assetPort, ...sandboxOptions } = options;
  let sandbox: SandboxService | undefined;
  // Looked up per request, so a test may wrap the handler after the server started.
  const fetch = (request: Request) =>
    sandbox ? sandbox.handler(request) : Promise.resolve(new Response(null, { status: 503 }));
  // The API's port first: when it is taken, that is the port to name.
  const api = await listen(fetch, port, hostname);
  const origin = originOf(api, hostname, port);
  const next = Number(new URL(origin).port) + 1;
  const assetsAt = assetPort ?? (port === 0 || next > 65_535 ? 0 : next);
  let assets: Listener;
  try {
    assets = await listen(fetch, assetsAt, hostname);
  } catch (error) {
    await api.close(true);
    throw error;
  }
  try {
    sandbox = createSandboxService({
      logger: consoleWarn,
      assetOrigin: originOf(assets, hostname, assetsAt),
      ...sandboxOptions,
    });
  } catch (error) {
    await Promise.all([api.close(true), assets.close(true)]);
    throw error;
  }
  const started = sandbox;
  return {
    sandbox: started,
    origin,
    baseUrl: `${origin}${started.basePath}`,
    assetOrigin: started.assetOrigin,
    async close() {
      started.dispose();
      await Promise.all([api.close(true), assets.close(true)]);
    },
  };
}
