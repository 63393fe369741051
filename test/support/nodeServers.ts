import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { toNodeHandler } from '../../src/server/toNodeHandler.js';

/** A web-standard handler served through `toNodeHandler` on 127.0.0.1. */
export interface NodeServed {
  origin: string;
  port: number;
  server: Server;
}

/**
 * For one test file: the returned `serve(handler)` puts a web-standard handler behind
 * `toNodeHandler` on a free port of 127.0.0.1; every server it started is closed after each
 * test, its open connections (a stalled or streaming client) included.
 */
export function nodeServers(): (
  handler: (request: Request) => Promise<Response>,
) => Promise<NodeServed> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((s) => {
        s.closeAllConnections();
        return new Promise((r) => s.close(r));
      }),
    );
  });
  return async (handler) => {
    const server = createServer(toNodeHandler(handler));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, port, server };
  };
}
