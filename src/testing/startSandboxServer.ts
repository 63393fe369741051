import { serve } from 'srvx';
import type { SandboxService, SandboxServiceOptions } from './sandbox/createSandboxService.js';
import { createSandboxService } from './sandbox/createSandboxService.js';

/** Options of {@link startSandboxServer}: the sandbox's, plus where to listen. */
export interface SandboxServerOptions extends SandboxServiceOptions {
  /** Port; 0 picks a free one. Default 4010. */
  port?: number;
  /** Default `127.0.0.1`: the sandbox is for this machine only. */
  hostname?: string;
}

/** A sandbox listening on HTTP. */
export interface SandboxServer {
  sandbox: SandboxService;
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  /** The service base URL (origin + base path), e.g. `http://127.0.0.1:4010/lenders`. */
  baseUrl: string;
  close(): Promise<void>;
}

// A process serving the sandbox has someone watching its output: refusals are said there.
const consoleWarn = { warn: (message: string) => console.warn(message) };

/**
 * Serves a sandbox over HTTP on this machine (Node). Webhook deliveries a receiver refuses are
 * reported through `logger`, by default `console.warn`.
 *
 * @throws Error with `code: 'EADDRINUSE'` and the message "Port 4010 on 127.0.0.1 is already in
 *   use" when something listens there already.
 */
export async function startSandboxServer(
  options: SandboxServerOptions = {},
): Promise<SandboxServer> {
  const { port = 4010, hostname = '127.0.0.1', ...sandboxOptions } = options;
  const sandbox = createSandboxService({ logger: consoleWarn, ...sandboxOptions });
  const server = serve({
    // Looked up per request, so a test may wrap the handler after the server started.
    fetch: (request) => sandbox.handler(request),
    port,
    hostname,
    silent: true,
    gracefulShutdown: false,
  });
  try {
    await server.ready();
  } catch (error) {
    sandbox.dispose();
    if ((error as { code?: unknown } | null)?.code === 'EADDRINUSE') {
      throw Object.assign(
        new Error(`Port ${port} on ${hostname} is already in use`, { cause: error }),
        {
          code: 'EADDRINUSE',
        },
      );
    }
    throw error;
  }
  const origin = new URL(server.url ?? `http://${hostname}:${port}`).origin;
  return {
    sandbox,
    origin,
    baseUrl: `${origin}${sandbox.basePath}`,
    async close() {
      sandbox.dispose();
      await server.close(true);
    },
  };
}
