import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nodeEntry } from '../../src/server/http/nodeEntry.js';
import { setup } from '../server/bff/helpers.js';
import { nodeServers } from '../support/nodeServers.js';

const serve = nodeServers();

async function listen(handler: (request: Request) => Promise<Response>): Promise<string> {
  return (await serve(handler)).origin;
}

interface Exchange {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Set by the transport, not by the handler: a Node server adds them, a Response has none.
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(headers: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (!TRANSPORT.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  }
  return out;
}

/** The exchange over real HTTP, through `toNodeHandler`. */
function overNode(origin: string, exchange: Exchange): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${origin}${exchange.path}`,
      { method: exchange.method, headers: exchange.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          const all = Object.entries(res.headers).map(
            ([k, v]) => [k, String(v)] as [string, string],
          );
          const headers = comparable(all);
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(exchange.body);
  });
}

/** The same exchange given to the web-standard handler as a `Request`. */
async function overWeb(
  handler: (request: Request) => Promise<Response>,
  origin: string,
  exchange: Exchange,
): Promise<Answer> {
  const response = await handler(
    new Request(`${origin}${exchange.path}`, {
      method: exchange.method,
      headers: exchange.headers ?? {},
      ...(exchange.body === undefined ? {} : { body: exchange.body }),
    }),
  );
  const headers = comparable(response.headers);
  delete headers['content-length'];
  return {
    status: response.status,
    headers,
    body: exchange.method === 'HEAD' ? '' : await response.text(),
  };
}

const alice = { Cookie: 'sid=alice' };
const csrf = { 'X-LIR-CSRF': '1', 'Content-Type': 'application/json' };

const cases: Array<[string, Exchange, number]> = [
  ['a loan read', { method: 'GET', path: '/api/insurance/loans/loan_a1', headers: alice }, 200],
  [
    'a quote display read',
    { method: 'GET', path: '/api/insurance/loans/loan_a1/display', headers: alice },
    200,
  ],
  [
    "another session's loan (404, as if it did not exist)",
    { method: 'GET', path: '/api/insurance/loans/loan_b1/display', headers: alice },
    404,
  ],
  [
    'a body over the cap (413)',
    {
      method: 'POST',
      path: '/api/insurance/loans',
      headers: { ...alice, ...csrf },
      body: JSON.stringify({ loanNumber: 'x'.repeat(4_096) }),
    },
    413,
  ],
  [
    'a refused origin (403)',
    {
      method: 'POST',
      path: '/api/insurance/loans',
      headers: {
        ...alice,
        ...csrf,
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
      body: '{}',
    },
    403,
  ],
  ['no session (401)', { method: 'GET', path: '/api/insurance/loans/loan_a1/display' }, 401],
  [
    'a HEAD (405 with Allow)',
    { method: 'HEAD', path: '/api/insurance/loans/loan_a1/display', headers: alice },
    405,
  ],
  [
    'a preflight without an Origin (204 with Allow)',
    { method: 'OPTIONS', path: '/api/insurance/loans/loan_a1/display' },
    204,
  ],
  [
    'a malformed id (400)',
    { method: 'GET', path: '/api/insurance/loans/loan%20a1/display', headers: alice },
    400,
  ],
  [
    'a query parameter the route does not take (400)',
    { method: 'GET', path: '/api/insurance/loans/loan_a1/display?debug=1', headers: alice },
    400,
  ],
  ['a path outside the BFF (404)', { method: 'GET', path: '/api/other', headers: alice }, 404],
];

describe('the BFF through toNodeHandler answers as its web-standard handler does', () => {
  it.each(cases)('%s', async (_name, exchange, status) => {
    const { bff } = setup({ maxBodyBytes: 1_024, allowedOrigins: ['https://portal.example'] });
    const origin = await listen(bff.handler);
    const node = await overNode(origin, exchange);
    const web = await overWeb(bff.handler, origin, exchange);
    expect(node.status).toBe(status);
    const { 'content-length': length, ...nodeHeaders } = node.headers;
    expect({ ...node, headers: nodeHeaders }).toEqual(web);
    // Every answer carries the security headers, refusals included.
    expect(node.headers['x-content-type-options']).toBe('nosniff');
    expect(node.headers['cache-control']).toBe('no-store');
    if (node.body !== '') expect(length).toBe(String(Buffer.byteLength(node.body)));
  });

  it("takes the handler's Node entry, and writes its plain answer without a Response", async () => {
    const handler = nodeEntry.attach(
      async (): Promise<Response> => {
        throw new Error('the web-standard handler is not the one called on node:http');
      },
      async (request) => ({
        status: 200,
        headers: { 'content-type': 'text/plain', 'x-path': new URL(request.url).pathname },
        body: 'plain é',
      }),
    );
    const origin = await listen(handler);
    const answer = await overNode(origin, { method: 'GET', path: '/p?q=1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('plain é');
    expect(answer.headers['x-path']).toBe('/p');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength('plain é')));
  });
});
