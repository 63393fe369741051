import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nodeEntry } from '../../src/server/http/nodeEntry.js';
import type { NodeMessage } from '../../src/server/http/nodeRequestView.js';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { WebhookHandlerOptions } from '../../src/server/webhooks/createWebhookHandler.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import { nodeServers } from '../support/nodeServers.js';

// The receiver answers a Node server through its Node entry, which takes the IncomingMessage
// itself (no srvx Request unless a body is given up unread, no Response), and every other host
// through the web handler: the answers must be the same, for every acknowledgement and refusal.

const SECRET = 'node-entry-secret';
const quiet = { warn: () => undefined, error: () => undefined };
const COMPARED = ['content-type', 'cache-control', 'allow', 'retry-after', 'www-authenticate'];
const serve = nodeServers();

interface Delivery {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Seen {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
  closes: boolean;
}

const sign = (body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

const event = (patch: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'evt_entry_1',
    type: 'loan.shopped',
    objectType: 'loan',
    occurredAt: new Date().toISOString(),
    data: { loanId: 'ln_entry_1', partnerId: 'ptn_1' },
    ...patch,
  });

const signed = (body: string, headers: Record<string, string> = {}): Delivery => ({
  body,
  headers: { 'Content-Type': 'application/json', 'X-Service-Signature-1': sign(body), ...headers },
});

function seen(status: number, text: string, header: (name: string) => string | undefined): Seen {
  return {
    status,
    body: text === '' ? null : JSON.parse(text),
    headers: Object.fromEntries(COMPARED.map((name) => [name, header(name)])),
    closes: header('connection')?.toLowerCase() === 'close',
  };
}

/**
 * The receiver as `toNodeHandler` serves it, with proof of the path taken: its web handler
 * fails if called, and `webRequests` counts the srvx Requests its Node entry asked for.
 */
function nodeOnly(options: Partial<WebhookHandlerOptions>) {
  const { handler } = createWebhookHandler({
    secret: SECRET,
    store: createMemoryStore(),
    logger: quiet,
    ...options,
  });
  const entry = nodeEntry.messageOf(handler);
  if (entry === undefined) throw new Error('the receiver has no Node entry for the request itself');
  const counted = {
    webRequests: 0,
    handler: nodeEntry.attachMessage(
      async (): Promise<Response> => {
        throw new Error('the web handler was called under toNodeHandler');
      },
      (req, res, webOf) =>
        entry(req, res, (r: NodeMessage, s: typeof res) => {
          counted.webRequests++;
          return webOf(r, s);
        }),
    ),
  };
  return counted;
}

function readNodeAnswer(
  port: number,
  d: Delivery,
  send: (req: ReturnType<typeof httpRequest>) => void,
): Promise<Seen> {
  return new Promise<Seen>((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        path: '/webhooks',
        method: d.method ?? 'POST',
        headers: d.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve(
            seen(res.statusCode ?? 0, text, (name) => {
              const value = res.headers[name];
              return Array.isArray(value) ? value.join(', ') : value;
            }),
          ),
        );
      },
    );
    req.on('error', reject);
    send(req);
  });
}

/**
 * Two twin receivers (own stores, same options): one behind node:http through its Node entry,
 * one called with web Requests. `both` sends a delivery to each and expects the same answer.
 */
async function twins(options: Partial<WebhookHandlerOptions> = {}) {
  const node = nodeOnly(options);
  const { port } = await serve(node.handler);
  const web = createWebhookHandler({
    secret: SECRET,
    store: createMemoryStore(),
    logger: quiet,
    ...options,
  }).handler;

  const overNode = (d: Delivery) => readNodeAnswer(port, d, (req) => req.end(d.body));
  const overWeb = async (d: Delivery, body?: BodyInit) => {
    const response = await web(
      new Request(`http://127.0.0.1:${port}/webhooks`, {
        method: d.method ?? 'POST',
        headers: d.headers,
        ...(body !== undefined
          ? { body, duplex: 'half' }
          : d.body === undefined
            ? {}
            : { body: d.body }),
      } as RequestInit),
    );
    const text = await response.text();
    return seen(response.status, text, (name) => response.headers.get(name) ?? undefined);
  };

  const both = async (d: Delivery) => {
    const [fromNode, fromWeb] = [await overNode(d), await overWeb(d)];
    expect(fromNode).toEqual(fromWeb);
    return fromNode;
  };
  return { both, overNode, overWeb, port, node };
}

/** A body that sends its first bytes and then nothing, on both paths. */
function stalled(port: number, d: Delivery & { body: string }) {
  return readNodeAnswer(port, d, (req) => {
    req.on('error', () => undefined);
    req.write(d.body.slice(0, 10));
  });
}
const stalledWebBody = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text.slice(0, 10)));
    },
  });

/** A promise with its resolve, for an onEvent that waits until the test lets it finish. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('the webhook receiver under toNodeHandler', () => {
  it('acknowledges, de-duplicates and refuses exactly as its web handler does', async () => {
    const { both, node } = await twins();
    const body = event();
    expect(await both(signed(body))).toMatchObject({ status: 200, body: { received: true } });
    expect(await both(signed(body))).toMatchObject({ status: 200, body: { duplicate: true } });
    const forged = signed(event({ id: 'evt_entry_2' }), {
      'X-Service-Signature-1': sign(body, 'another'),
    });
    expect(await both(forged)).toMatchObject({ status: 401, closes: false });
    expect(
      await both(signed(event({ id: 'evt_entry_3', type: 'lir.webhook.test' }))),
    ).toMatchObject({ status: 200, body: { received: true, test: true } });
    expect(await both(signed(event({ id: 'evt_entry_4', type: 'loan.renamed' })))).toMatchObject({
      status: 200,
      body: { received: true, ignored: true },
    });
    const old = new Date(Date.now() - 15 * 24 * 3600 * 1000).toISOString();
    expect(await both(signed(event({ id: 'evt_entry_5', occurredAt: old })))).toMatchObject({
      status: 400,
      body: { error: { code: 'stale_event' } },
    });
    expect(await both(signed('{"id":'))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    });
    expect(await both(signed(event({ id: 'evt_entry_6', objectType: '' })))).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_error' } },
    });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(await both(signed(event({ id: 'evt_entry_7', occurredAt: later })))).toMatchObject({
      status: 400,
      body: { error: { code: 'event_from_future' } },
    });
    // Every one of these was read from the Node request itself: no srvx Request was made.
    expect(node.webRequests).toBe(0);
  });

  it('answers a missing signature 401, naming the prefix a delivery is signed under when one is pinned', async () => {
    const { both, node } = await twins({ headerPrefix: 'X-Service' });
    const body = event();
    expect(await both({ body, headers: { 'Content-Type': 'application/json' } })).toMatchObject({
      status: 401,
      body: { error: { message: 'Missing signature' } },
    });
    const other = await both({
      body,
      headers: { 'Content-Type': 'application/json', 'X-Acme-Signature-1': sign(body) },
    });
    expect(other).toMatchObject({ status: 401, closes: false });
    expect(JSON.stringify(other.body)).toContain("headerPrefix: 'X-Acme'");
    expect(node.webRequests).toBe(0);
  });

  it("W42: at the defaults ('auto'), accepts a vendor prefix, refuses conflicting or missing signatures, and hands on the same headers, as the web handler does", async () => {
    const heard: unknown[] = [];
    const { both, node } = await twins({
      onEvent: (_event, context) => {
        heard.push(context.headers);
      },
    });
    const body = event({ id: 'evt_entry_acme' });
    const acme = {
      'Content-Type': 'application/json',
      'X-Acme-Signature-1': sign(body),
      'X-Acme-Partner-Id': 'ptn_1',
      'X-Acme-External-Id': 'CRM-1',
      'X-Service-Partner-Id': 'ptn_other',
    };
    expect(await both({ body, headers: acme })).toMatchObject({
      status: 200,
      body: { received: true },
    });
    // Each twin heard the headers under the signature's prefix, the same on both paths.
    expect(heard).toEqual([
      { prefix: 'X-Acme', partnerId: 'ptn_1', externalId: 'CRM-1' },
      { prefix: 'X-Acme', partnerId: 'ptn_1', externalId: 'CRM-1' },
    ]);
    // Copies with one value are one signature, under the first prefix by name on both paths.
    const copied = event({ id: 'evt_entry_copies' });
    const copies = {
      'Content-Type': 'application/json',
      'X-Service-Signature-1': sign(copied),
      'x-acme-signature-1': sign(copied),
    };
    expect(await both({ body: copied, headers: copies })).toMatchObject({ status: 200 });
    expect(heard.slice(2)).toEqual([
      { prefix: 'X-Acme', partnerId: null, externalId: null },
      { prefix: 'X-Acme', partnerId: null, externalId: null },
    ]);
    const conflicting = event({ id: 'evt_entry_conflict' });
    expect(
      await both({
        body: conflicting,
        headers: {
          'Content-Type': 'application/json',
          'X-Acme-Signature-1': sign(conflicting),
          'X-Service-Signature-1': sign(conflicting, 'another'),
        },
      }),
    ).toMatchObject({
      status: 401,
      body: { error: { code: 'conflicting_signatures' } },
      closes: false,
    });
    expect(
      await both({
        body: conflicting,
        headers: { 'Content-Type': 'application/json', 'X-Acme-Signature-1': '' },
      }),
    ).toMatchObject({ status: 401, body: { error: { message: 'Missing signature' } } });
    expect(
      await both({
        body: conflicting,
        headers: {
          'Content-Type': 'application/json',
          'X-Acme-Signature-1': sign(conflicting, 'another'),
        },
      }),
    ).toMatchObject({ status: 401, body: { error: { message: 'Invalid signature' } } });
    expect(node.webRequests).toBe(0);
  });

  it('reads repeated headers as a web Request does', async () => {
    const { both } = await twins();
    // Node keeps the first Content-Type; a web Headers joins both, which is not JSON: 415.
    const answer = await both({
      body: event(),
      headers: {
        'Content-Type': ['application/json', 'text/plain'] as unknown as string,
        'X-Service-Signature-1': sign(event()),
      },
    });
    expect(answer).toMatchObject({ status: 415, closes: true });
    // A vendor's signature header sent twice is one joined value on both: no signature.
    const body = event({ id: 'evt_entry_twice_signed' });
    const twice = await both({
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Acme-Signature-1': [sign(body), sign(body)] as unknown as string,
      },
    });
    expect(twice).toMatchObject({ status: 401, body: { error: { message: 'Invalid signature' } } });
  });

  it('answers a failing onEvent 500, and a slow one 202, as the web handler does', async () => {
    const failing = await twins({
      onEvent: () => {
        throw new Error('host failure');
      },
    });
    expect(await failing.both(signed(event({ id: 'evt_entry_fail' })))).toMatchObject({
      status: 500,
      body: { error: { code: 'processing_failed' } },
    });
    const slow = gate();
    const pending = await twins({ processingTimeoutMs: 20, onEvent: () => slow.opened });
    expect(await pending.both(signed(event({ id: 'evt_entry_slow' })))).toMatchObject({
      status: 202,
      body: { received: true, pending: true },
    });
    slow.open();
    expect(failing.node.webRequests + pending.node.webRequests).toBe(0);
  });

  it('answers 409 to an event being processed, and 503 busy past the deliveries in flight', async () => {
    const held = gate();
    let started = 0;
    const { both, overNode, overWeb, node } = await twins({
      maxConcurrentDeliveries: 1,
      onEvent: () => {
        started++;
        return held.opened;
      },
    });
    const first = signed(event({ id: 'evt_entry_held' }));
    const inFlight = [overNode(first), overWeb(first)];
    await expect.poll(() => started).toBe(2);
    const busy = await both(signed(event({ id: 'evt_entry_busy' })));
    expect(busy).toMatchObject({
      status: 503,
      body: { error: { code: 'busy' } },
      closes: true,
    });
    expect(busy.headers['retry-after']).toMatch(/^\d+$/);
    held.open();
    const [fromNode, fromWeb] = await Promise.all(inFlight);
    expect(fromNode).toEqual(fromWeb);
    expect(fromNode).toMatchObject({ status: 200 });
    // The busy refusal gave its body up through the one srvx Request it made.
    expect(node.webRequests).toBe(1);

    const again = gate();
    let processingStarted = 0;
    const twin = await twins({
      onEvent: () => {
        processingStarted++;
        return again.opened;
      },
    });
    const same = signed(event({ id: 'evt_entry_twice' }));
    const processing = [twin.overNode(same), twin.overWeb(same)];
    await expect.poll(() => processingStarted).toBe(2);
    expect(await twin.both(same)).toMatchObject({
      status: 409,
      body: { error: { code: 'event_in_progress' } },
    });
    again.open();
    await Promise.all(processing);
  });

  it('answers a stalled body 408 on both paths, with the same headers, and closes', async () => {
    const { overWeb, port, node } = await twins({ bodyTimeoutMs: 150 });
    const d = signed(event({ id: 'evt_entry_stalled_both' }), {
      'Content-Length': String(Buffer.byteLength(event({ id: 'evt_entry_stalled_both' }))),
    });
    const body = d.body as string;
    const fromNode = await stalled(port, { ...d, body });
    const { 'Content-Length': _length, ...webHeaders } = d.headers as Record<string, string>;
    const fromWeb = await overWeb({ ...d, headers: webHeaders }, stalledWebBody(body));
    expect(fromNode).toEqual(fromWeb);
    expect(fromNode).toMatchObject({
      status: 408,
      body: { error: { code: 'request_timeout' } },
      closes: true,
    });
    expect(node.webRequests).toBe(1);
  });

  it('refuses before reading the body with the same headers, and closes the connection', async () => {
    const { both, overWeb, port, node } = await twins({ maxBodyBytes: 64 });
    expect(await both({ method: 'GET' })).toMatchObject({
      status: 405,
      headers: { allow: 'POST' },
      closes: true,
    });
    expect(await both({ headers: { 'Content-Type': 'text/plain' }, body: 'hello' })).toMatchObject({
      status: 415,
      closes: true,
    });
    expect(await both(signed(event()))).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
      closes: true,
    });
    // No Content-Length on either path (chunked, a stream): counted as it arrives.
    const body = event();
    const chunked = await readNodeAnswer(port, signed(body), (req) => {
      req.on('error', () => undefined);
      req.write(body.slice(0, 40));
      req.end(body.slice(40));
    });
    const streamed = await overWeb(
      signed(body),
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
    );
    expect(chunked).toEqual(streamed);
    expect(chunked).toMatchObject({ status: 413, closes: true });
    // Each refusal that gave its body up unread did it through one srvx Request.
    expect(node.webRequests).toBe(4);
  });

  it('answers a delivery without the credentials 401 with the Basic challenge, on both paths', async () => {
    const { both } = await twins({ basicAuth: { username: 'hook_user', password: 'hook_pass' } });
    const answer = await both(signed(event()));
    expect(answer).toMatchObject({ status: 401, closes: true });
    expect(answer.headers['www-authenticate']).toMatch(/^Basic /);
    const authorized = signed(event(), {
      Authorization: `Basic ${btoa('hook_user:hook_pass')}`,
    });
    expect(await both(authorized)).toMatchObject({ status: 200, body: { received: true } });
  });

  it('answers a stalled body 408 at bodyTimeoutMs, closes the connection and frees the slot', async () => {
    const webhooks = createWebhookHandler({
      secret: SECRET,
      store: createMemoryStore(),
      logger: quiet,
      bodyTimeoutMs: 150,
      maxConcurrentDeliveries: 1,
    });
    const { port } = await serve(webhooks.handler);
    const body = event({ id: 'evt_entry_stalled' });
    const stalled = await new Promise<{ status: number; code: string; closed: Promise<void> }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            path: '/webhooks',
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'Content-Length': String(Buffer.byteLength(body)),
              'X-Service-Signature-1': sign(body),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            // The server closes the connection: the socket ends without the rest being sent.
            const closed = new Promise<void>((r) => res.socket.once('close', () => r()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, code: JSON.parse(text).error.code, closed }),
            );
          },
        );
        req.on('error', () => undefined);
        req.on('close', () => undefined);
        req.write(body.slice(0, 10));
        setTimeout(() => reject(new Error('no answer within 5 s')), 5_000).unref();
      },
    );
    expect(stalled.status).toBe(408);
    expect(stalled.code).toBe('request_timeout');
    await stalled.closed;
    // The stalled delivery gave its only slot back.
    const next = event({ id: 'evt_entry_after' });
    const answer = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          path: '/webhooks',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Service-Signature-1': sign(next) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(next);
    });
    expect(answer).toBe(200);
  });
});
