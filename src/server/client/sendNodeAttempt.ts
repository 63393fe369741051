import type {
  Agent,
  ClientRequest,
  IncomingHttpHeaders,
  IncomingMessage,
  RequestOptions,
} from 'node:http';
import { raceSignal } from '../http/raceSignal.js';
import { isBadPort } from './isBadPort.js';
import type { NodeDecompressors } from './readNodeResponse.js';
import { readNodeResponse } from './readNodeResponse.js';
import type { AttemptHeaders, AttemptResult, ExchangeRequest } from './sendAttempt.js';
import { BAD_PORT, ERROR_BODY_CAP } from './sendAttempt.js';
import { startAttempt } from './startAttempt.js';

/** The `request` of `node:http` or `node:https`. */
interface NodeRequester {
  request(options: RequestOptions): ClientRequest;
}

/** What the Node transport uses of Node's built-in modules, and its connection pools. */
export interface NodeTransportModules {
  /**
   * `node:http` and `node:https` themselves: their `request` is looked up at each exchange, so
   * an interceptor installed later (a test's) still sees it.
   */
  http: NodeRequester;
  https: NodeRequester;
  /** Keep-alive agents: connections are reused across exchanges. */
  httpAgent: Agent;
  httpsAgent: Agent;
  zlib: NodeDecompressors;
}

const EMPTY = new Uint8Array(0);
// What `fetch` asks for: the Node transport decodes the same codings (and br).
const ACCEPT_ENCODING = 'gzip, deflate';

/** A view over a Node message's headers (already lower-cased by name), read as `Headers` are. */
class NodeHeaders implements AttemptHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }
}

/** A failure's name and Node's code for it (`ECONNREFUSED`, `ENOTFOUND`, a TLS code...). */
function describe(error: unknown): { errorName: string; errorCode: string | undefined } {
  const name = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  return { errorName: name, errorCode: typeof code === 'string' ? code : undefined };
}

/** The answer of one `node:http` exchange, once its status is known and its body read. */
async function answerOf(
  res: IncomingMessage,
  maxBytes: number,
  zlib: NodeDecompressors,
): Promise<AttemptResult> {
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    res.destroy();
    const location = res.headers.location;
    return { kind: 'redirect', status, location: location ?? null };
  }
  const ok = status >= 200 && status < 300;
  const body = await readNodeResponse(
    res,
    ok ? maxBytes : Math.min(maxBytes, ERROR_BODY_CAP),
    zlib,
  );
  const headers = new NodeHeaders(res.headers);
  if (body === null) {
    // An oversized error body is dropped, not fatal: its status still decides what happens.
    return ok ? { kind: 'too_large', status } : { kind: 'response', status, headers, body: EMPTY };
  }
  return { kind: 'response', status, headers, body };
}

/** One exchange in flight: its request, to destroy when the attempt gives up on it. */
class NodeExchange {
  req: ClientRequest | undefined;

  constructor(
    readonly node: NodeTransportModules,
    readonly request: ExchangeRequest,
    readonly url: URL,
  ) {}

  run(): Promise<AttemptResult> {
    const { node, request, url } = this;
    const secure = url.protocol === 'https:';
    const hostname = url.hostname;
    const headers: Record<string, string> = { ...request.headers };
    headers['Accept-Encoding'] = ACCEPT_ENCODING;
    const options: RequestOptions = {
      agent: secure ? node.httpsAgent : node.httpAgent,
      protocol: url.protocol,
      hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
    };
    if (url.port !== '') options.port = url.port;
    return new Promise((resolve, reject) => {
      const req = (secure ? node.https : node.http).request(options);
      this.req = req;
      req.on('error', reject);
      req.on('response', (res: IncomingMessage) => {
        answerOf(res, request.maxBytes, node.zlib).then(resolve, reject);
      });
      req.end(request.body);
    });
  }

  destroy(): void {
    this.req?.destroy();
  }
}

/**
 * `sendAttempt` over `node:http` / `node:https` with keep-alive agents, without a `Request`, a
 * `Response`, `Headers` or a web stream: the same results for the same answers. Redirects are
 * not followed (the body is discarded); a success body is capped at `maxBytes` (a declared
 * length over it at once, else as it streams) and an error body at 64 KiB (dropped, not fatal,
 * when over); gzip, deflate and br bodies are decoded with the cap counted on the decoded
 * bytes. The attempt's time is a `timeout` and the call's signal throws its reason, as with
 * `fetch`; either destroys the connection. A port `fetch` refuses is refused here too
 * (`BAD_PORT`), and every connection failure is a `network` result with Node's error code.
 *
 * @throws the call signal's reason when the call is aborted (by its caller or its deadline).
 */
export async function sendNodeAttempt(
  node: NodeTransportModules,
  request: ExchangeRequest,
): Promise<AttemptResult> {
  const { call } = request;
  const { signal, failure, end } = startAttempt(request, describe);
  let exchange: NodeExchange | undefined;
  try {
    if (signal.aborted) return failure(signal.reason);
    const url = new URL(request.url);
    if (isBadPort(url.port)) {
      return { kind: 'network', errorName: 'TypeError', errorCode: BAD_PORT };
    }
    exchange = new NodeExchange(node, request, url);
    const pending = exchange.run();
    return await (call ? call.race(pending) : raceSignal(pending, signal));
  } catch (error) {
    exchange?.destroy();
    return failure(error);
  } finally {
    end();
  }
}
