import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallSignal } from '../../src/server/client/createCallSignal.js';
import { createServiceClient } from '../../src/server/client/createServiceClient.js';
import { nodeTransport } from '../../src/server/client/nodeTransport.js';
import { selectTransport } from '../../src/server/client/selectTransport.js';
import type { ExchangeRequest } from '../../src/server/client/sendAttempt.js';
import { BAD_PORT } from '../../src/server/client/sendAttempt.js';
import type { Transport } from '../../src/server/client/Transport.js';
import { connectFailureKind } from '../../src/server/http/connectFailureKind.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

interface Served {
  origin: string;
  /** Connections the server accepted so far. */
  connections(): number;
  /** Resolves once every connection the server accepted is closed. */
  allClosed(): Promise<void>;
  /** Resolves with the first request the server receives. */
  received: Promise<IncomingMessage>;
}

const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

/** A raw `node:http` server on 127.0.0.1, closed after the test. */
async function listen(listener: Listener): Promise<Served> {
  const sockets: Socket[] = [];
  let first: (req: IncomingMessage) => void = () => undefined;
  const received = new Promise<IncomingMessage>((resolve) => {
    first = resolve;
  });
  const server = createServer((req, res) => {
    first(req);
    listener(req, res);
  });
  server.on('connection', (socket) => sockets.push(socket));
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    connections: () => sockets.length,
    allClosed: () =>
      Promise.all(sockets.map((s) => (s.destroyed ? undefined : once(s, 'close')))).then(
        () => undefined,
      ),
    received,
  };
}

const node = nodeTransport();
const transports: [string, Transport][] = [
  ['fetch', selectTransport((input, init) => fetch(input, init))],
  ['node:http', node as Transport],
];

const JSON_BODY = JSON.stringify({ id: 'ln_1', quotes: Array.from({ length: 40 }, (_, i) => i) });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** An exchange as a call sends it: on the call's own signal, which carries the attempt's time. */
function exchange(url: string, overrides: Partial<ExchangeRequest> = {}): ExchangeRequest {
  const call = createCallSignal(20_000, 'The call passed its deadline');
  return {
    url,
    method: 'GET',
    headers: { Accept: 'application/json', Authorization: 'Bearer t0k3n' },
    timeoutMs: 10_000,
    signal: call.signal,
    call,
    maxBytes: 1_048_576,
    ...overrides,
  };
}

/** Answers `body` with `headers`. */
const answer =
  (status: number, body: Uint8Array | string, headers: Record<string, string> = {}): Listener =>
  (req, res) => {
    req.resume();
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(body);
  };

it('the Node transport is available on Node', () => {
  expect(node).toBeTypeOf('function');
});

describe.each(transports)('the %s transport', (_name, send) => {
  it('reads a JSON success with its status and headers', async () => {
    const served = await listen(answer(200, JSON_BODY, { 'Retry-After': '7' }));
    const result = await send(exchange(`${served.origin}/v1/loans/ln_1`));
    expect(result).toMatchObject({ kind: 'response', status: 200 });
    if (result.kind !== 'response') return;
    expect(text(result.body)).toBe(JSON_BODY);
    expect(result.headers.get('Content-Type')).toBe('application/json');
    expect(result.headers.get('retry-after')).toBe('7');
    expect(result.headers.get('x-absent')).toBeNull();
  });

  it('sends the method, the headers and the body as given', async () => {
    const served = await listen(answer(201, '{}'));
    const body = JSON.stringify({ name: 'Zoë' });
    const result = await send(
      exchange(`${served.origin}/v1/loans?x=1`, {
        method: 'POST',
        headers: { Authorization: 'Bearer t0k3n', 'Content-Type': 'application/json' },
        body,
      }),
    );
    expect(result).toMatchObject({ kind: 'response', status: 201 });
    const req = await served.received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/loans?x=1');
    expect(req.headers.authorization).toBe('Bearer t0k3n');
    expect(req.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(req.headers['accept-encoding']).toBe('gzip, deflate');
  });

  it('does not follow a redirect, and gives its location', async () => {
    const paths: string[] = [];
    const served = await listen((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      res.writeHead(302, { Location: '/elsewhere' }).end('moved');
    });
    const result = await send(exchange(`${served.origin}/v1/loans/ln_1`));
    expect(result).toEqual({ kind: 'redirect', status: 302, location: '/elsewhere' });
    expect(paths).toEqual(['/v1/loans/ln_1']);
  });

  it('refuses a success body whose Content-Length is over the cap', async () => {
    const served = await listen(answer(200, 'x'.repeat(5_000)));
    const result = await send(exchange(served.origin, { maxBytes: 1_000 }));
    expect(result).toEqual({ kind: 'too_large', status: 200 });
  });

  it('cuts off a chunked success body at the cap', async () => {
    const served = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      for (let i = 0; i < 20; i++) res.write('y'.repeat(500));
      res.end();
    });
    const result = await send(exchange(served.origin, { maxBytes: 1_000 }));
    expect(result).toEqual({ kind: 'too_large', status: 200 });
  });

  it.each([
    ['declared', true],
    ['chunked', false],
  ])('reads a %s success body exactly at the cap', async (_how, declared) => {
    const served = await listen((req, res) => {
      req.resume();
      res.writeHead(200, declared ? { 'Content-Length': '1000' } : {});
      res.write('z'.repeat(600));
      res.end('z'.repeat(400));
    });
    const result = await send(exchange(served.origin, { maxBytes: 1_000 }));
    expect(result).toMatchObject({ kind: 'response', status: 200 });
    if (result.kind !== 'response') return;
    expect(text(result.body)).toBe('z'.repeat(1_000));
  });

  it('keeps the status of an error whose body is over 64 KiB, with an empty body', async () => {
    const served = await listen(answer(503, 'e'.repeat(70_000), { 'Retry-After': '3' }));
    const result = await send(exchange(served.origin));
    expect(result).toMatchObject({ kind: 'response', status: 503 });
    if (result.kind !== 'response') return;
    expect(result.body.byteLength).toBe(0);
    expect(result.headers.get('retry-after')).toBe('3');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('decodes a %s body', async (coding, compress) => {
    const served = await listen(
      answer(200, compress(Buffer.from(JSON_BODY)), { 'Content-Encoding': coding }),
    );
    const result = await send(exchange(served.origin));
    expect(result).toMatchObject({ kind: 'response', status: 200 });
    if (result.kind !== 'response') return;
    expect(text(result.body)).toBe(JSON_BODY);
  });

  it('stops a gzip bomb at the cap, counted on the inflated bytes', async () => {
    // 16 MiB of zeros in about 16 KiB on the wire.
    const bomb = gzipSync(Buffer.alloc(16 * 1_048_576));
    const served = await listen(answer(200, bomb, { 'Content-Encoding': 'gzip' }));
    const result = await send(exchange(served.origin, { maxBytes: 1_048_576 }));
    expect(bomb.byteLength).toBeLessThan(1_048_576);
    expect(result).toEqual({ kind: 'too_large', status: 200 });
  });

  it('gives up on a server that never answers when the attempt time runs out', async () => {
    const served = await listen(() => undefined);
    const result = await send(exchange(served.origin, { timeoutMs: 300 }));
    expect(result).toEqual({ kind: 'timeout' });
    // The connection is closed, not left to the server.
    await served.allClosed();
  });

  it('gives up on a body that stalls when the attempt time runs out', async () => {
    const served = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"partial":');
    });
    const result = await send(exchange(served.origin, { timeoutMs: 300 }));
    expect(result).toEqual({ kind: 'timeout' });
    await served.allClosed();
  });

  it('times out on its own signal without a call (as a token request is sent)', async () => {
    const served = await listen(() => undefined);
    const result = await send(
      exchange(served.origin, {
        timeoutMs: 300,
        signal: new AbortController().signal,
        call: undefined,
      }),
    );
    expect(result).toEqual({ kind: 'timeout' });
    await served.allClosed();
  });

  it("throws the caller's reason when the call is aborted, and closes the connection", async () => {
    const served = await listen(() => undefined);
    const caller = new AbortController();
    const call = createCallSignal(20_000, 'The call passed its deadline', caller.signal);
    const pending = send(exchange(served.origin, { call, signal: call.signal }));
    await served.received;
    const reason = new Error('the page went away');
    caller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await served.allClosed();
    call.clear();
  });

  it('throws the reason of a signal already aborted, without connecting', async () => {
    const served = await listen(answer(200, '{}'));
    const caller = new AbortController();
    const reason = new Error('gone before sending');
    caller.abort(reason);
    const call = createCallSignal(20_000, 'The call passed its deadline', caller.signal);
    await expect(send(exchange(served.origin, { call, signal: call.signal }))).rejects.toBe(reason);
    expect(served.connections()).toBe(0);
  });

  it('reports a refused connection with its code', async () => {
    const served = await listen(answer(200, '{}'));
    const origin = served.origin;
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    const result = await send(exchange(origin));
    expect(result).toMatchObject({ kind: 'network', errorCode: 'ECONNREFUSED' });
  });

  it('reports a TLS failure with a code the hints read as TLS', async () => {
    // A plain HTTP server where https is expected: the handshake fails.
    const served = await listen(answer(200, '{}'));
    const result = await send(exchange(served.origin.replace('http:', 'https:')));
    expect(result.kind).toBe('network');
    if (result.kind !== 'network') return;
    expect(connectFailureKind(result.errorCode)).toBe('tls');
  });

  it('refuses a port fetch refuses, with BAD_PORT', async () => {
    const result = await send(exchange('http://127.0.0.1:6000/v1/loans'));
    expect(result).toMatchObject({ kind: 'network', errorCode: BAD_PORT });
  });

  it('reports a body that breaks off mid-way as a network failure', async () => {
    const served = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"partial":', () => res.socket?.destroy());
    });
    const result = await send(exchange(served.origin));
    expect(result.kind).toBe('network');
  });

  it('reuses one connection for two exchanges in a row', async () => {
    const served = await listen(answer(200, JSON_BODY));
    const first = await send(exchange(served.origin));
    // undici frees a connection a turn after its answer's body ended.
    await new Promise((resolve) => setImmediate(resolve));
    const second = await send(exchange(served.origin));
    expect(first).toMatchObject({ kind: 'response', status: 200 });
    expect(second).toMatchObject({ kind: 'response', status: 200 });
    expect(served.connections()).toBe(1);
  });
});

describe('a service client without a fetch option, on Node', () => {
  it('sends its token request and its calls through node:http, never globalThis.fetch', async () => {
    const globalFetch = vi.fn(() => Promise.reject(new Error('fetch is not the transport here')));
    vi.stubGlobal('fetch', globalFetch);
    const paths: string[] = [];
    const served = await listen((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      req.resume();
      const body =
        req.url === '/lenders/v1/auth/token'
          ? { access_token: 'tok_1', token_type: 'Bearer', expires_in: 3600 }
          : { id: 'pol_1', documents: [] };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    const client = createServiceClient({
      baseUrl: `${served.origin}/lenders`,
      clientId: 'client_1',
      clientSecret: 'secret-value-1',
    });
    await expect(
      client.call('getPolicy', { params: { policyId: 'pol_1' } }),
    ).resolves.toMatchObject({ id: 'pol_1' });
    expect(paths).toEqual(['POST /lenders/v1/auth/token', 'GET /lenders/v1/policies/pol_1']);
    expect(globalFetch).not.toHaveBeenCalled();
  });
});
