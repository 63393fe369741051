import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeHandler } from '../../src/server/toNodeHandler.js';

type Middleware = (
  req: IncomingMessage & { originalUrl?: string; body?: unknown },
  res: ServerResponse,
) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(listener: Middleware): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Answers with what it saw, so the test can check the request made it through intact.
const echo = async (request: Request) =>
  Response.json(
    {
      method: request.method,
      path: new URL(request.url).pathname,
      query: new URL(request.url).search,
      header: request.headers.get('x-lir-csrf'),
      body: await request.text(),
    },
    { status: 201, headers: { 'X-Handler': 'yes' } },
  );

describe('toNodeHandler', () => {
  it('serves a web-standard handler on node:http: method, path, query, headers, raw body and status', async () => {
    const base = await listen(toNodeHandler(echo));
    const body = '{"a":1, "b":"\u00e9"}';
    const res = await fetch(`${base}/api/insurance/loans?after=3`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-LIR-CSRF': '1' },
      body,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-handler')).toBe('yes');
    expect(await res.json()).toEqual({
      method: 'POST',
      path: '/api/insurance/loans',
      query: '?after=3',
      header: '1',
      body,
    });
  });

  it('routes on the full path when Express has stripped its mount path from the url', async () => {
    const handler = toNodeHandler(echo);
    // What `app.use('/api/insurance', handler)` does to the request before calling it.
    const base = await listen((req, res) => {
      req.originalUrl = req.url;
      req.url = (req.url ?? '').replace('/api/insurance', '') || '/';
      void handler(req, res);
    });
    const res = await fetch(`${base}/api/insurance/loans/ln_1`);
    expect((await res.json()).path).toBe('/api/insurance/loans/ln_1');
  });

  it('W9: refuses, with a clear error, a request whose body a framework already parsed', async () => {
    const handler = toNodeHandler(echo);
    // What `app.use(express.json())` leaves behind before the handler runs.
    const base = await listen((req, res) => {
      req.body = { parsed: true };
      void handler(req, res);
    });
    const res = await fetch(`${base}/webhooks`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect((await res.json()).error.code).toBe('body_already_parsed');
  });

  it('streams a response body as it is produced (server-sent events)', async () => {
    const base = await listen(
      toNodeHandler(async () => {
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('id: 1\ndata: first\n\n'));
            // The second chunk only comes after the client has read the first one.
            setTimeout(() => {
              controller.enqueue(encoder.encode('id: 2\ndata: second\n\n'));
              controller.close();
            }, 20);
          },
        });
        return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const res = await fetch(`${base}/events`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('id: 1\ndata: first\n\n');
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('id: 2\ndata: second\n\n');
  });
});
