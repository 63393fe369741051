import { Agent, request as httpRequest } from 'node:http';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { setup } from '../server/bff/helpers.js';
import { nodeServers } from '../support/nodeServers.js';

const serve = nodeServers();
const alice = { Cookie: 'sid=alice' };
const write = { 'X-LIR-CSRF': '1', 'Content-Type': 'application/json' };

interface Answer {
  status: number;
  code: string | undefined;
  connection: string | undefined;
  /** The server closed the connection on its own, while the body was still unsent. */
  closedByServer: boolean;
}

/**
 * A POST that writes `sent` and then stops, its body unfinished, until the server answers and
 * closes (or, kept open, is ended by the test after the answer).
 */
function postAndStall(
  port: number,
  headers: Record<string, string>,
  sent: string,
  end = false,
): Promise<Answer> {
  // An agent of its own that keeps connections: only the server can close this one.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    let answer: Omit<Answer, 'closedByServer'> | undefined;
    let socketClosed = false;
    const req = httpRequest(
      { port, host: '127.0.0.1', path: '/api/insurance/loans', method: 'POST', headers, agent },
      (res) => {
        void text(res).then((body) => {
          const connection = res.headers.connection;
          answer = {
            status: res.statusCode ?? 0,
            code: (JSON.parse(body) as { error?: { code?: string } }).error?.code,
            connection: typeof connection === 'string' ? connection.toLowerCase() : undefined,
          };
          // A connection the server keeps open waits for the rest of the body, or the next
          // request: after a moment the test ends it, which counts as not closed by the server.
          setTimeout(() => {
            resolve({
              ...(answer as Omit<Answer, 'closedByServer'>),
              closedByServer: socketClosed,
            });
            agent.destroy();
          }, 300);
        });
      },
    );
    req.on('socket', (socket) => {
      socket.on('close', () => {
        socketClosed = true;
      });
    });
    req.on('error', (error) => {
      if (!answer) reject(error);
    });
    req.write(sent);
    if (end) req.end();
  });
}

async function bffPort() {
  const { bff } = setup({ maxBodyBytes: 1_024 });
  return (await serve(bff.handler)).port;
}

describe('the BFF closes a connection whose body it did not read to its end', () => {
  it('a write refused before its body is read (no session) is answered 401 and its connection closed', async () => {
    const port = await bffPort();
    const res = await postAndStall(port, { ...write, 'Content-Length': '600' }, '{"loanNumber":');
    expect(res).toMatchObject({ status: 401, code: 'unauthorized', connection: 'close' });
    expect(res.closedByServer).toBe(true);
  });

  it('a body declared over the cap is answered 413 and its connection closed', async () => {
    const port = await bffPort();
    const res = await postAndStall(port, { ...alice, ...write, 'Content-Length': '5000' }, '{"a":');
    expect(res).toMatchObject({ status: 413, code: 'payload_too_large', connection: 'close' });
    expect(res.closedByServer).toBe(true);
  });

  it('a chunked body that runs over the cap is answered 413 and its connection closed', async () => {
    const port = await bffPort();
    const res = await postAndStall(
      port,
      { ...alice, ...write, 'Transfer-Encoding': 'chunked' },
      `{"loanNumber":"${'x'.repeat(2_048)}`,
    );
    expect(res).toMatchObject({ status: 413, code: 'payload_too_large', connection: 'close' });
    expect(res.closedByServer).toBe(true);
  });

  it('a body read to its end and refused keeps the connection for the next request', async () => {
    const port = await bffPort();
    const body = '{"loanNumber": }';
    const res = await postAndStall(
      port,
      { ...alice, ...write, 'Content-Length': String(body.length) },
      body,
      true,
    );
    expect(res).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(res.connection).not.toBe('close');
    expect(res.closedByServer).toBe(false);
  });
});
