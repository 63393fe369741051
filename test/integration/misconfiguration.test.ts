import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createInsuranceBff,
  createMemoryStore,
  createServiceClient,
  createWebhookHandler,
} from '../../src/server/index.js';
import { createLoanApplicationFixture, SANDBOX_DEFAULTS } from '../../src/testing/index.js';
import type { SandboxServer } from '../../src/testing/startSandboxServer.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { spawnLogged } from '../support/spawnLogged.js';

// Misconfigurations tried as a new lender would, over real HTTP on 127.0.0.1: what the server's
// log says, what the browser gets, and what the sandbox process prints.

const root = new URL('../../', import.meta.url);
const TSX = new URL('node_modules/.bin/tsx', root).pathname;
const CSRF = { 'X-LIR-CSRF': '1' };

interface Line {
  level: 'warn' | 'error';
  message: string;
}

function recordingLogger() {
  const lines: Line[] = [];
  return {
    lines,
    warn: (message: string) => lines.push({ level: 'warn', message }),
    error: (message: string) => lines.push({ level: 'error', message }),
  };
}

const quiet = { warn: () => undefined, error: () => undefined };

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(server: Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return (server.address() as AddressInfo).port;
}

const closing: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

function bffOver(baseUrl: string, logger = recordingLogger(), extra = {}) {
  const store = createMemoryStore();
  const client = createServiceClient({
    baseUrl,
    clientId: SANDBOX_DEFAULTS.clientId,
    clientSecret: SANDBOX_DEFAULTS.clientSecret,
    store,
  });
  const bff = createInsuranceBff({
    client,
    store,
    getSession: () => ({ id: 'borrower' }),
    authorize: () => true,
    logger,
    ...extra,
  });
  closing.push(() => bff.close());
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await bff.handler(
      new Request(`http://portal.test/api/insurance${path}`, {
        method,
        headers: { ...CSRF, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return { bff, logger, call };
}

async function sandbox(options = {}): Promise<SandboxServer> {
  const server = await startSandboxServer({ port: 0, logger: quiet, ...options });
  closing.push(() => server.close());
  return server;
}

describe('a misconfigured BFF against a real service on 127.0.0.1', () => {
  it('a base URL whose port nothing listens on: the browser gets service_error, the log the host and port to fix', async () => {
    const port = await closedPort();
    const { call, logger } = bffOver(`http://127.0.0.1:${port}/lenders`);
    const res = await call('POST', '/loans', createLoanApplicationFixture());
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      error: { code: 'service_error', message: 'The insurance service could not answer' },
    });
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: `insurance bff: could not connect to 127.0.0.1:${port} (ECONNREFUSED): check the host and port in \`baseUrl\` (SERVICE_BASE_URL)`,
      },
    ]);
  });

  it('the sandbox origin without its /lenders prefix: the log asks for the prefix', async () => {
    const server = await sandbox();
    const { call, logger } = bffOver(server.origin);
    expect((await call('POST', '/loans', createLoanApplicationFixture())).status).toBe(502);
    expect(logger.lines.map((l) => l.message)).toEqual([
      `insurance bff: the service answered 404 for POST ${server.origin}/v1/auth/token: is \`baseUrl\` (SERVICE_BASE_URL) missing the service's path prefix? It must include it, e.g. ${server.origin}/lenders (the service's routes are under {baseUrl}/v1/...)`,
    ]);
  });

  it('a wrong webhook secret: the receiver and the sandbox say so, and the page still gets its quotes', async () => {
    const sandboxLines: string[] = [];
    const server = await sandbox({
      quoteDelayMs: 200,
      logger: { warn: (message: string) => sandboxLines.push(message) },
    });
    const { bff, logger, call } = bffOver(server.baseUrl, recordingLogger(), {
      quotingEventTimeoutMs: 1_500,
    });
    const receiverLog = recordingLogger();
    const webhooks = createWebhookHandler({
      secret: 'not_the_client_secret',
      relay: bff.relay,
      logger: receiverLog,
    });
    const receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await webhooks.handler(
        new Request(`http://127.0.0.1${req.url}`, {
          method: req.method ?? 'POST',
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(await answer.text());
    });
    const hooksPort = await listen(receiver, '127.0.0.1');
    closing.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    server.sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, {
      url: `http://127.0.0.1:${hooksPort}/webhooks/insurance`,
    });

    const loan = await call('POST', '/loans', createLoanApplicationFixture());
    const loanId = String(loan.json.id);
    await call('POST', `/loans/${loanId}/consent`, { id: loanId, termsOfServiceId: 'tos-1' });
    expect((await call('PATCH', `/loans/${loanId}/shop`)).status).toBe(200);

    // The page polls the BFF's events: the outcome arrives though no webhook was taken.
    const deadline = Date.now() + 10_000;
    let events: unknown[] = [];
    while (events.length === 0 && Date.now() < deadline) {
      events = (await call('GET', `/loans/${loanId}/events`)).json.events as unknown[];
      if (events.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(events).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ type: 'loan.shopped', loanId }) }),
    ]);
    const display = await call('GET', `/loans/${loanId}/display`);
    expect(display.status).toBe(200);
    expect(display.json.status).toBe('RC1_RATED');

    expect(receiverLog.lines.map((l) => l.message)).toEqual([
      expect.stringMatching(
        /^webhook: a delivery's signature did not verify against the configured `secret` \(WEBHOOK_SECRET\)/,
      ),
    ]);
    expect(sandboxLines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^sandbox: webhook delivery of evt_\\w+ \\(loan\\.shopped\\) to http://127\\.0\\.0\\.1:${hooksPort}/webhooks/insurance failed, attempt 1: refused with 401: the receiver's secret or basic auth differ from this sandbox client's secret`,
        ),
      ),
    ]);
    expect(logger.lines.map((l) => l.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^insurance bff: no webhook has arrived for loan ${loanId} 2 s after it was shopped \\(the service says its status is RC1_RATED\\)\\. Last refused delivery: \\S+, invalid signature \\(check \`secret\` \\(WEBHOOK_SECRET\\)`,
        ),
      ),
    ]);
    const everything = JSON.stringify([logger.lines, receiverLog.lines, sandboxLines]);
    expect(everything).not.toContain(SANDBOX_DEFAULTS.clientSecret);
    expect(everything).not.toContain('not_the_client_secret');
  });
});

describe('the sandbox process', () => {
  const runCli = (args: string[]) => spawnLogged(TSX, ['src/testing/cli.ts', ...args]);

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '127.0.0.1'],
  ])(
    'on a port something holds on %s: exit 1 with one line saying what to do',
    async (holder, host) => {
      const busy = createServer();
      const port = await listen(busy, holder);
      closing.push(() => new Promise<void>((resolve) => busy.close(() => resolve())));
      const proc = runCli(['--port', String(port)]);
      const exit = await proc.exited;
      expect(exit.code).toBe(1);
      expect(proc.output()).toBe(
        `Port ${port} on ${host} is already in use: stop what uses it or pass --port <n> and --asset-port <n> (0 picks a free one)\n`,
      );
    },
  );

  it("prints a receiver's refusal with the URL, the status and what it usually means", async () => {
    const receiver = createServer((_req, res) => {
      res.writeHead(401).end();
    });
    const hooksPort = await listen(receiver, '127.0.0.1');
    closing.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const proc = runCli([
      '--port',
      '0',
      '--quote-delay-ms',
      '0',
      '--webhook-url',
      `http://127.0.0.1:${hooksPort}/hooks`,
    ]);
    closing.push(() => {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    });
    const [, baseUrl] = await proc.waitForOutput(/base URL\s+(http:\/\/127\.0\.0\.1:\d+\/lenders)/);
    const client = createServiceClient({
      baseUrl: String(baseUrl),
      clientId: SANDBOX_DEFAULTS.clientId,
      clientSecret: SANDBOX_DEFAULTS.clientSecret,
    });
    const loan = await client.call('submitLoanApplication', {
      body: createLoanApplicationFixture() as never,
    });
    await client.call('recordConsent', { body: { id: loan.id, termsOfServiceId: 't1' } as never });
    await client.call('shopLoan', { params: { loanId: loan.id } });
    const [line] = await proc.waitForOutput(/sandbox: webhook delivery .*\n/, 10_000);
    expect(line).toMatch(
      new RegExp(
        `^sandbox: webhook delivery of evt_\\w+ \\(loan\\.shopped\\) to http://127\\.0\\.0\\.1:${hooksPort}/hooks failed, attempt 1: refused with 401: the receiver's secret or basic auth differ from this sandbox client's secret \\(the webhook signing key, --client-secret\\) or its registered webhook credentials \\(--webhook-username, --webhook-password\\); it is tried again in 4 h\\n$`,
      ),
    );
  });
});
