import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import { signWebhookBody } from '../../src/testing/signWebhookBody.js';
import { nodeServers } from '../support/nodeServers.js';

const SECRET = 'node-bodies-secret';
const quiet = { warn: () => undefined, error: () => undefined };
const serve = nodeServers();

async function receiver(options: { maxBodyBytes?: number; bodyTimeoutMs?: number } = {}) {
  const webhooks = createWebhookHandler({
    secret: SECRET,
    store: createMemoryStore(),
    logger: quiet,
    ...options,
  });
  return (await serve(webhooks.handler)).port;
}

const event = (id: string) =>
  JSON.stringify({
    id,
    type: 'loan.shopped',
    objectType: 'loan',
    occurredAt: new Date().toISOString(),
    data: { loanId: 'ln_node_bodies_1', partnerId: 'ptn_1' },
  });

/** A POST whose body is written in `chunks`, `gapMs` apart; resolves with the status and body. */
function post(port: number, headers: Record<string, string>, chunks: string[], gapMs = 0) {
  let sent = 0;
  return new Promise<{
    status: number;
    body: string;
    headers: Record<string, unknown>;
    /** Chunks written when the answer came. */
    sent: number;
  }>((resolve, reject) => {
    const req = httpRequest(
      { port, host: '127.0.0.1', path: '/webhooks', method: 'POST', headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        const status = res.statusCode ?? 0;
        const at = sent;
        res.on('end', () => resolve({ status, body, headers: res.headers, sent: at }));
      },
    );
    req.on('error', reject);
    let i = 0;
    const next = () => {
      if (req.destroyed) return;
      const chunk = chunks[i++];
      if (chunk === undefined) {
        req.end();
        return;
      }
      req.write(chunk);
      sent += 1;
      setTimeout(next, gapMs);
    };
    next();
  });
}

describe('webhook bodies read from the Node request', () => {
  it('a signed delivery sent in several pieces is verified over the exact bytes and acknowledged in one piece', async () => {
    const port = await receiver();
    const body = event('evt_node_pieces');
    const res = await post(
      port,
      {
        'Content-Type': 'application/json',
        'X-Service-Signature-1': await signWebhookBody(body, SECRET),
      },
      [body.slice(0, 10), body.slice(10, 40), body.slice(40)],
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  });

  it('a body over the cap without a Content-Length is refused with 413 and the connection closed', async () => {
    const port = await receiver({ maxBodyBytes: 1_024 });
    const res = await post(
      port,
      { 'Content-Type': 'application/json', 'X-Service-Signature-1': 'a'.repeat(64) },
      Array.from({ length: 8 }, () => 'x'.repeat(512)),
      5,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large');
    expect(res.headers.connection).toBe('close');
    // Refused at the first bytes over the cap, not after the whole body.
    expect(res.sent).toBeLessThan(8);
  });

  it('a body trickling past bodyTimeoutMs is cut off, not waited for', async () => {
    const port = await receiver({ bodyTimeoutMs: 200 });
    const body = event('evt_node_slow');
    const res = await post(
      port,
      {
        'Content-Type': 'application/json',
        'X-Service-Signature-1': await signWebhookBody(body, SECRET),
      },
      body.split(''),
      50,
    );
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).error.code).toBe('request_timeout');
    expect(res.sent).toBeLessThan(body.length);
  });
});
