import { rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler, toNodeHandler } from '../../src/server/index.js';
import { SANDBOX_DEFAULTS } from '../../src/testing/index.js';
import type { SandboxServer } from '../../src/testing/startSandboxServer.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { spawnLogged } from '../support/spawnLogged.js';

// `npx lender-insurance-react doctor` as a lender runs it: the command (src/server/cli.ts, run
// with the `tsx` binary npx would resolve, so the exit code is the command's own) against the
// sandbox and a webhook receiver, both served over HTTP on 127.0.0.1.

const TSX = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const WEBHOOK_PATH = '/webhooks/insurance';
/** A receiver pinned to the spec's prefix (`headerPrefix: 'X-Service'`), beside the default one. */
const PINNED_PATH = '/webhooks/pinned';
const SETTINGS = [
  'SERVICE_BASE_URL',
  'SERVICE_CLIENT_ID',
  'SERVICE_CLIENT_SECRET',
  'SERVICE_PARTNER_ID',
  'SERVICE_ROUTES',
  'WEBHOOK_SECRET',
  'WEBHOOK_HEADER_PREFIX',
  'WEBHOOK_BASIC_AUTH_USERNAME',
  'WEBHOOK_BASIC_AUTH_PASSWORD',
  'WEBHOOK_URL',
  'REDIS_URL',
];

let sandbox: SandboxServer;
let receiver: Server;
let receiverUrl: string;
let closedPort: number;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  const quiet = { warn: () => undefined, error: () => undefined };
  const webhooks = toNodeHandler(
    createWebhookHandler({ secret: SANDBOX_DEFAULTS.clientSecret, logger: quiet }).handler,
  );
  const pinned = toNodeHandler(
    createWebhookHandler({
      secret: SANDBOX_DEFAULTS.clientSecret,
      headerPrefix: 'X-Service',
      logger: quiet,
    }).handler,
  );
  receiver = createServer((req, res) => {
    if (req.url === WEBHOOK_PATH) {
      void webhooks(req, res);
      return;
    }
    if (req.url === PINNED_PATH) {
      void pinned(req, res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
  });
  receiverUrl = `http://127.0.0.1:${await listen(receiver)}${WEBHOOK_PATH}`;
  // A port that was free a moment ago: nothing listens there.
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await sandbox.close();
});

/** Runs the doctor with the sandbox's settings, `env` on top, and `args` after `doctor`. */
async function doctor(env: Record<string, string> = {}, args: string[] = []) {
  const cleared = Object.fromEntries(SETTINGS.map((name) => [name, '']));
  const run = spawnLogged(TSX, ['src/server/cli.ts', 'doctor', ...args], {
    env: {
      ...process.env,
      ...cleared,
      SERVICE_BASE_URL: sandbox.baseUrl,
      SERVICE_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
      SERVICE_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret,
      WEBHOOK_URL: receiverUrl,
      ...env,
    },
  });
  const exit = await run.exited;
  return { code: exit.code, output: run.output() };
}

/** The line of one check: its status and title, then what it found. */
const lineOf = (output: string, title: string) =>
  output.split('\n').find((line) => line.includes(`  ${title}  `) || line.includes(` ${title} `));

describe('lender-insurance-react doctor', () => {
  it('with a working set-up, prints a passing line per check and exits 0', async () => {
    const { code, output } = await doctor();
    expect(code, output).toBe(0);
    for (const title of [
      'Configuration',
      'Access token',
      'Service read',
      'Webhook settings',
      'Test delivery',
    ]) {
      expect(lineOf(output, title), output).toMatch(/^ {2}PASS {2}/);
    }
    expect(output).toContain(`POST ${receiverUrl} accepted a signed test event`);
    expect(output).toContain('No check failed (5 passed).');
    expect(output).not.toContain(SANDBOX_DEFAULTS.clientSecret);
  });

  it('prints the same report as JSON with --json', async () => {
    const { code, output } = await doctor({}, ['--json']);
    expect(code, output).toBe(0);
    const report = JSON.parse(output) as { ok: boolean; checks: { id: string; status: string }[] };
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => `${c.id}:${c.status}`)).toEqual([
      'configuration:pass',
      'token:pass',
      'read:pass',
      'webhook-settings:pass',
      'webhook-delivery:pass',
    ]);
  });

  it('reads the settings from --env-file, with the environment winning', async () => {
    const file = join(tmpdir(), `lir-doctor-${process.pid}.env`);
    await writeFile(
      file,
      `SERVICE_BASE_URL=${sandbox.baseUrl}\nWEBHOOK_HEADER_PREFIX=X Acme\nSERVICE_ROUTES=getQuote=/v1/quotes\n`,
    );
    // Unset here (not merely empty), so the file's values apply.
    const env = { ...process.env };
    for (const name of SETTINGS) delete env[name];
    const run = spawnLogged(TSX, ['src/server/cli.ts', 'doctor', '--env-file', file], {
      env: {
        ...env,
        SERVICE_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
        SERVICE_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret,
        SERVICE_ROUTES: '',
      },
    });
    const exit = await run.exited;
    await rm(file, { force: true });
    const output = run.output();
    expect(exit.code, output).toBe(1);
    expect(output).toMatch(/WEBHOOK_HEADER_PREFIX must be a header name/);
    expect(output).not.toMatch(/SERVICE_ROUTES/);
    expect(lineOf(output, 'Access token')).toMatch(/^ {2}PASS/);
  });

  it('with the base URL missing its path prefix, fails the token check naming the prefix, and exits 1', async () => {
    const { code, output } = await doctor({ SERVICE_BASE_URL: sandbox.origin });
    expect(code, output).toBe(1);
    expect(lineOf(output, 'Access token')).toBe(
      `  FAIL  Access token      The service answered 404 to POST ${sandbox.origin}/v1/auth/token: no token route there`,
    );
    expect(output).toContain(
      `fix: SERVICE_BASE_URL has no path: include the service's path prefix, e.g. ${sandbox.origin}/lenders`,
    );
    expect(lineOf(output, 'Service read')).toMatch(/^ {2}SKIP/);
    expect(output).toContain('1 check failed, 1 skipped: fix it and run the doctor again.');
  });

  it('with the wrong port, says nothing listens there and names SERVICE_BASE_URL', async () => {
    const { code, output } = await doctor({
      SERVICE_BASE_URL: `http://127.0.0.1:${closedPort}/lenders`,
    });
    expect(code, output).toBe(1);
    expect(lineOf(output, 'Access token')).toContain(
      `Could not connect to 127.0.0.1:${closedPort} (ECONNREFUSED): nothing listens on that port`,
    );
    expect(output).toContain(
      'fix: Check the host and port in SERVICE_BASE_URL, and that the server there is running.',
    );
  });

  it('with the wrong client secret, says the credentials were refused and names them', async () => {
    const { code, output } = await doctor({
      SERVICE_CLIENT_SECRET: 'not-the-sandbox-secret',
      WEBHOOK_SECRET: SANDBOX_DEFAULTS.clientSecret,
    });
    expect(code, output).toBe(1);
    expect(lineOf(output, 'Access token')).toContain(
      'The service refused the client credentials (401)',
    );
    expect(output).toContain('fix: Check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET');
    expect(lineOf(output, 'Test delivery')).toMatch(/^ {2}PASS/);
    expect(output).not.toContain('not-the-sandbox-secret');
  });

  it('with another webhook secret than the receiver has, fails the test delivery naming WEBHOOK_SECRET', async () => {
    const { code, output } = await doctor({ WEBHOOK_SECRET: 'not-the-receivers-secret' });
    expect(code, output).toBe(1);
    expect(lineOf(output, 'Access token')).toMatch(/^ {2}PASS/);
    expect(lineOf(output, 'Test delivery')).toContain(
      '(401 Invalid signature): its secret differs from WEBHOOK_SECRET',
    );
    expect(output).toContain('fix: Give the receiver and this check the same WEBHOOK_SECRET');
    expect(output).not.toContain('not-the-receivers-secret');
  });

  it('W42: with WEBHOOK_HEADER_PREFIX=X-Acme, a receiver at its defaults accepts the test delivery signed under X-Acme', async () => {
    const { code, output } = await doctor({ WEBHOOK_HEADER_PREFIX: 'X-Acme' });
    expect(code, output).toBe(0);
    expect(lineOf(output, 'Test delivery')).toContain(
      `POST ${receiverUrl} accepted a signed test event (X-Acme-Signature-1)`,
    );
  });

  it('with another header prefix than the receiver is pinned to, names both prefixes', async () => {
    const { code, output } = await doctor({
      WEBHOOK_HEADER_PREFIX: 'X-Acme',
      WEBHOOK_URL: receiverUrl.replace(WEBHOOK_PATH, PINNED_PATH),
    });
    expect(code, output).toBe(1);
    expect(lineOf(output, 'Test delivery')).toContain(
      'The receiver expects X-Service-Signature-1, but WEBHOOK_HEADER_PREFIX here is X-Acme (401)',
    );
  });

  it('with a receiver URL that has the wrong path, says nothing takes deliveries there', async () => {
    const wrong = receiverUrl.replace(WEBHOOK_PATH, '/webhooks');
    const { code, output } = await doctor({}, ['--webhook-url', wrong]);
    expect(code, output).toBe(1);
    expect(lineOf(output, 'Test delivery')).toContain(
      `Nothing takes deliveries at POST ${wrong} (404)`,
    );
  });

  it('exits 2 with the usage on a flag it does not know', async () => {
    const { code, output } = await doctor({}, ['--webhook']);
    expect(code, output).toBe(2);
    expect(output).toMatch(/^lender-insurance-react: .*--webhook/);
    expect(output).toContain('Usage: lender-insurance-react doctor [options]');
  });
});
