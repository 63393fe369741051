import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { WebhookHandlerOptions } from '../../src/server/webhooks/createWebhookHandler.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import { nodeServers } from '../support/nodeServers.js';

// The receiver answers a Node server through its Node entry (no web Request body stream, no
// Response), and every other host through the web handler: the answers must be the same.

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

/** Two twin receivers (own stores): one behind node:http, one called with web Requests. */
async function twins(options: Partial<WebhookHandlerOptions> = {}) {
  const make = () =>
    createWebhookHandler({ secret: SECRET, store: createMemoryStore(), logger: quiet, ...options });
  const { port } = await serve(make().handler);
  const web = make().handler;

  const overNode = (d: Delivery) =>
    new Promise<Seen>((resolve, reject) => {
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
      req.end(d.body);
    });

  const overWeb = async (d: Delivery) => {
    const response = await web(
      new Request(`http://127.0.0.1:${port}/webhooks`, {
        method: d.method ?? 'POST',
        headers: d.headers,
        ...(d.body === undefined ? {} : { body: d.body }),
      }),
    );
    const text = await response.text();
    return seen(response.status, text, (name) => response.headers.get(name) ?? undefined);
  };

  return async (d: Delivery) => {
    const [node, webAnswer] = [await overNode(d), await overWeb(d)];
    expect(node).toEqual(webAnswer);
    return node;
  };
}

describe('the webhook receiver under toNodeHandler', () => {
  it('acknowledges, de-duplicates and refuses exactly as its web handler does', async () => {
    const both = await twins();
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
  });

  it('refuses before reading the body with the same headers, and closes the connection', async () => {
    const both = await twins({ maxBodyBytes: 64 });
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
  });

  it('answers a delivery without the credentials 401 with the Basic challenge, on both paths', async () => {
    const both = await twins({ basicAuth: { username: 'hook_user', password: 'hook_pass' } });
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
