import type { Agent, AgentOptions } from 'node:http';
import type { NodeDecompressors } from './readNodeResponse.js';
import type { NodeTransportModules } from './sendNodeAttempt.js';
import { sendNodeAttempt } from './sendNodeAttempt.js';
import type { Transport } from './Transport.js';

interface NodeProcess {
  getBuiltinModule?: (id: string) => unknown;
  release?: { name?: unknown };
  versions?: Record<string, unknown>;
}

interface HttpModule {
  request: NodeTransportModules['http']['request'];
  Agent: new (options: AgentOptions) => Agent;
}

// Free connections are closed after this long idle, before a server's own keep-alive timeout
// (Node's is 5 s) closes them under a request; a shorter `Keep-Alive: timeout` the server
// announces is honoured by Node's agent. `fetch` (undici) keeps them 4 s too.
const IDLE_MS = 4_000;

// One pool per process, not per client: every client (one per partner) calls the same service
// host, so they share its connections, and a client has no `close` to end a pool of its own.
// Idle connections do not keep the process alive (Node's agent unrefs them).
let pools: { http: Agent; https: Agent } | undefined;

function isHttpModule(value: unknown): value is HttpModule {
  const module = value as Partial<HttpModule> | undefined;
  return typeof module?.request === 'function' && typeof module.Agent === 'function';
}

/** Node's built-in modules, on Node itself (not a runtime that emulates them over `fetch`). */
function reach(): NodeTransportModules | undefined {
  try {
    const process = (globalThis as { process?: NodeProcess }).process;
    if (process?.release?.name !== 'node' || process.versions?.bun || process.versions?.deno) {
      return undefined;
    }
    const http = process.getBuiltinModule?.('node:http');
    const https = process.getBuiltinModule?.('node:https');
    const zlib = process.getBuiltinModule?.('node:zlib') as Partial<NodeDecompressors> | undefined;
    if (
      !isHttpModule(http) ||
      !isHttpModule(https) ||
      typeof zlib?.createGunzip !== 'function' ||
      typeof zlib.createInflate !== 'function' ||
      typeof zlib.createBrotliDecompress !== 'function'
    ) {
      return undefined;
    }
    const pool: AgentOptions = { keepAlive: true, timeout: IDLE_MS };
    pools ??= { http: new http.Agent(pool), https: new https.Agent(pool) };
    return {
      http,
      https,
      httpAgent: pools.http,
      httpsAgent: pools.https,
      zlib: zlib as NodeDecompressors,
    };
  } catch {
    // A runtime with the function but not the modules: `fetch` it is.
    return undefined;
  }
}

/**
 * The Node transport (`sendNodeAttempt` with the process's keep-alive agents) where the
 * runtime is Node and offers its modules through `process.getBuiltinModule` (Node 20.16+),
 * else `undefined` (then the service client uses `fetch`). Looked up once per client. No `node:` module is imported, so
 * the server code stays importable on edge runtimes.
 */
export function nodeTransport(): Transport | undefined {
  const node = reach();
  return node && ((request) => sendNodeAttempt(node, request));
}
