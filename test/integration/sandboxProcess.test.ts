import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARRIERS } from '../../src/testing/index.js';
import type { LoggedProcess } from '../support/spawnLogged.js';
import { spawnLogged } from '../support/spawnLogged.js';

// The sandbox as a process: flags, credentials, signed webhooks, exit codes and signals.
//
// It runs the `tsx` binary that `npx tsx` resolves to, without npx itself: npx puts npm and a
// `sh -c` between the test and the sandbox, and a signal sent to npx's pid kills those two and
// leaves the sandbox running, so exit codes and signal handling could not be observed through it.

const root = new URL('../../', import.meta.url);
const TSX = new URL('node_modules/.bin/tsx', root).pathname;

type Sandbox = LoggedProcess;

const runCli = (args: string[]): Sandbox => spawnLogged(TSX, ['src/testing/cli.ts', ...args]);

async function waitFor<T>(what: string, probe: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function baseUrlOf(sandbox: Sandbox): Promise<string> {
  const [, baseUrl] = await sandbox.waitForOutput(
    /base URL\s+(http:\/\/127\.0\.0\.1:\d+\/lenders)/,
  );
  return baseUrl as string;
}

interface Delivery {
  url: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** A webhook receiver on 127.0.0.1 that records every delivery and answers 200. */
async function startRecordingReceiver(deliveries: Delivery[]): Promise<Server> {
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return receiver;
}

const address = { street: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const borrower = {
  isPrimary: true,
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  phone: '512-555-0199',
  currentAddress: address,
};

/**
 * For one describe block: a recording receiver, started before the block, and `start(args)`,
 * which runs the sandbox on a free port with its webhooks sent to the receiver's /hooks and
 * `args` on top, and waits for its base URL. The sandbox (if still running) and the receiver
 * are stopped after the block.
 */
function sandboxWithReceiver() {
  const deliveries: Delivery[] = [];
  let receiver: Server | undefined;
  let sandbox: Sandbox | undefined;

  beforeAll(async () => {
    receiver = await startRecordingReceiver(deliveries);
  });

  afterAll(async () => {
    if (sandbox && sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL');
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  return {
    deliveries,
    async start(args: string[]): Promise<{ sandbox: Sandbox; baseUrl: string }> {
      if (!receiver) throw new Error('the receiver has not started');
      const hooksPort = (receiver.address() as AddressInfo).port;
      const started = runCli([
        '--port',
        '0',
        '--webhook-url',
        `http://127.0.0.1:${hooksPort}/hooks`,
        ...args,
      ]);
      sandbox = started;
      return { sandbox: started, baseUrl: await baseUrlOf(started) };
    },
  };
}

/** A request to the sandbox's API, with a JSON body if given: its Content-Type and its JSON. */
async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ type: string | null; json: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    type: res.headers.get('content-type'),
    json: (await res.json()) as Record<string, unknown>,
  };
}

/**
 * As the sandbox's default client: takes a token, submits loan `loanNumber` for {@link borrower},
 * records consent and shops it. The submission's and the shop's answers.
 */
async function shopLoan(baseUrl: string, loanNumber: string) {
  const { json: tokenAnswer } = await callApi(baseUrl, 'POST', '/v1/auth/token', {
    client_id: 'sandbox_client',
    client_secret: 'sandbox_secret',
  });
  const token = String(tokenAnswer.access_token);
  const loan = await callApi(
    baseUrl,
    'POST',
    '/v1/loans',
    { loanNumber, borrowers: [borrower], property: { address } },
    token,
  );
  const loanId = String(loan.json.id);
  await callApi(
    baseUrl,
    'POST',
    '/v1/loans/consent',
    { id: loanId, termsOfServiceId: 't1' },
    token,
  );
  const shop = await callApi(baseUrl, 'PATCH', `/v1/loans/${loanId}/shop`, undefined, token);
  return { loan, shop };
}

describe('the sandbox process with custom credentials and a webhook receiver', () => {
  const { deliveries, start } = sandboxWithReceiver();
  let sandbox: Sandbox;
  let baseUrl: string;

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  const tokenFor = async (clientId: string, clientSecret: string) => {
    const res = await post('/v1/auth/token', { client_id: clientId, client_secret: clientSecret });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    ({ sandbox, baseUrl } = await start([
      '--quote-delay-ms',
      '1000',
      '--client-id',
      'acme',
      '--client-secret',
      's3cret',
      '--sandbox-password',
      'pw',
      '--webhook-username',
      'u',
      '--webhook-password',
      'p',
    ]));
  }, 30_000);

  it('prints its base URL and the credentials it was given', () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lenders$/);
    expect(sandbox.output()).toMatch(/client id\s+acme\n/);
    expect(sandbox.output()).toMatch(/client secret\s+s3cret\n/);
    expect(sandbox.output()).toMatch(/sandbox password\s+pw\n/);
    expect(sandbox.output()).toMatch(/webhooks\s+http:\/\/127\.0\.0\.1:\d+\/hooks\n/);
  });

  it('issues tokens for the custom credentials only', async () => {
    const ok = await tokenFor('acme', 's3cret');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ expires_in: 86_400, token_type: 'Bearer' });
    expect(String(ok.body.access_token)).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);

    const defaults = await tokenFor('sandbox_client', 'sandbox_secret');
    expect(defaults.status).toBe(401);
    expect(defaults.body).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await tokenFor('acme', 'sandbox_secret')).status).toBe(401);
  });

  it('delivers a signed, authenticated loan.shopped webhook, then a retrieval with its password', async () => {
    const token = String((await tokenFor('acme', 's3cret')).body.access_token);
    const submitted = await post(
      '/v1/loans',
      {
        loanNumber: 'PROC-7',
        borrowers: [borrower],
        property: { address },
      },
      token,
    );
    expect(submitted.status).toBe(201);
    const loanId = String(((await submitted.json()) as { id: string }).id);
    const consent = await post('/v1/loans/consent', { id: loanId, termsOfServiceId: 't1' }, token);
    expect(consent.status).toBe(200);
    const shop = await fetch(`${baseUrl}/v1/loans/${loanId}/shop`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}` },
    });
    // A 2xx means quoting started, whatever status the answer echoes.
    expect(shop.status).toBe(200);
    await shop.arrayBuffer();

    const isEvent = (type: string) => (d: Delivery) =>
      (JSON.parse(d.raw.toString('utf8')) as { type: string }).type === type;
    const shopped = await waitFor(
      'loan.shopped',
      () => deliveries.find(isEvent('loan.shopped')),
      10_000,
    );

    expect(shopped.url).toBe('/hooks');
    const expected = createHmac('sha256', 's3cret').update(shopped.raw).digest();
    const signature = String(shopped.headers['x-service-signature-1']);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(timingSafeEqual(Buffer.from(signature, 'hex'), expected)).toBe(true);
    expect(shopped.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(shopped.headers['x-service-partner-id']).toBe('sandbox_partner');
    expect(shopped.headers['x-service-external-id']).toBe('PROC-7');
    expect(JSON.parse(shopped.raw.toString('utf8'))).toMatchObject({
      type: 'loan.shopped',
      objectType: 'loan',
      data: { loanId, partnerId: 'sandbox_partner', platformId: null, externalId: 'PROC-7' },
    });

    // The retrieval users take the password given with --sandbox-password, not the default.
    const retrieval = await fetch(`${baseUrl}/v1/policies/${loanId}/retrieve`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}` },
    });
    const { retrievalUrl } = (await retrieval.json()) as { retrievalUrl: string };
    const submitForm = (password: string) =>
      fetch(retrievalUrl, {
        method: 'POST',
        body: new URLSearchParams({
          carrier: 'Harborline Mutual',
          username: 'user_good',
          password,
        }),
      });
    expect((await submitForm('sandbox_password')).status).toBe(401);
    expect((await submitForm('pw')).status).toBe(200);
    const retrieved = await waitFor(
      'policy.retrieved',
      () => deliveries.find(isEvent('policy.retrieved')),
      10_000,
    );
    expect(createHmac('sha256', 's3cret').update(retrieved.raw).digest('hex')).toBe(
      retrieved.headers['x-service-signature-1'],
    );
  });

  it('stops on SIGTERM with exit code 0', async () => {
    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
    expect(sandbox.output()).toContain('Received SIGTERM, stopping.');
    await expect(fetch(`${baseUrl}/v1/auth/token`, { method: 'POST' })).rejects.toThrow();
  });
});

describe('the sandbox command line', () => {
  it('--help prints the usage and exits 0', async () => {
    const run = runCli(['--help']);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).toMatch(/^Usage: lender-insurance-sandbox \[options\]/);
    for (const flag of ['--port N', '--client-secret S', '--webhook-url URL', '-h, --help'])
      expect(run.output()).toContain(flag);
  });

  it('an unknown flag exits 2 with the usage', async () => {
    const run = runCli(['--nope']);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.output()).toContain("lender-insurance-sandbox: Unknown option '--nope'");
    expect(run.output()).toContain('Usage: lender-insurance-sandbox');
  });

  it('a malformed port exits 2', async () => {
    const run = runCli(['--port', 'abc']);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.output()).toContain('--port must be a whole number');
  });

  it('B44: prints its asset origin, another port of 127.0.0.1 (--asset-port), which serves the carrier logos that the API port does not', async () => {
    const run = runCli(['--port', '0', '--asset-port', '0']);
    try {
      const url = await baseUrlOf(run);
      const [, assetOrigin = ''] = await run.waitForOutput(
        /asset origin\s+(http:\/\/127\.0\.0\.1:\d+) \(documents, carrier logos\)\n/,
      );
      expect(new URL(assetOrigin).port).not.toBe(new URL(url).port);
      const logo = `/sandbox/logos/${SANDBOX_CARRIERS[0]?.id}.svg`;
      const served = await fetch(`${assetOrigin}${logo}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/svg+xml');
      await served.arrayBuffer();
      const refused = await fetch(`${new URL(url).origin}${logo}`);
      expect(refused.status).toBe(404);
      await refused.arrayBuffer();
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops on %s with exit code 0', async (signal) => {
    const run = runCli(['--port', '0']);
    const url = await baseUrlOf(run);
    expect((await fetch(`${url}/v1/auth/token`, { method: 'POST' })).status).toBe(415);
    run.child.kill(signal);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain(`Received ${signal}, stopping.`);
  });
});

describe('the sandbox process with --webhook-header-prefix', () => {
  const { deliveries, start } = sandboxWithReceiver();

  it('W39: prints the prefix and signs its deliveries in X-Acme-Signature-1, with X-Acme-Partner-Id and X-Acme-External-Id', async () => {
    const { sandbox, baseUrl } = await start([
      '--quote-delay-ms',
      '200',
      '--webhook-header-prefix',
      'X-Acme',
    ]);
    expect(sandbox.output()).toMatch(/webhook prefix\s+X-Acme \(X-Acme-Signature-1, \.\.\.\)\n/);
    await shopLoan(baseUrl, 'ACME-9');

    const shopped = await waitFor('loan.shopped', () => deliveries[0], 10_000);
    const expected = createHmac('sha256', 'sandbox_secret').update(shopped.raw).digest('hex');
    expect(shopped.headers['x-acme-signature-1']).toBe(expected);
    expect(shopped.headers['x-acme-partner-id']).toBe('sandbox_partner');
    expect(shopped.headers['x-acme-external-id']).toBe('ACME-9');
    expect(Object.keys(shopped.headers).filter((name) => name.startsWith('x-service-'))).toEqual(
      [],
    );
  });

  it.each([
    ['a space', 'X Acme', /--webhook-header-prefix must be a header name/],
    ['a trailing dash', 'X-Acme-', /--webhook-header-prefix must not end with "-".*use X-Acme/],
    [
      "the receiver's auto",
      'auto',
      /--webhook-header-prefix is the prefix the sandbox signs under, such as X-Acme; 'auto' is the receiver's setting/,
    ],
  ])('W40: a prefix with %s exits 2, saying what to fix', async (_name, prefix, message) => {
    const run = runCli(['--port', '0', '--webhook-header-prefix', prefix]);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.output()).toMatch(message);
    expect(run.output()).not.toContain('Sandbox service listening');
  });
});

describe('the sandbox process with --production-like', () => {
  const { deliveries, start } = sandboxWithReceiver();

  it('L8: says so at start, answers JSON loosely as application/json; charset=utf-8 and signs its deliveries under X-Insurer', async () => {
    const { sandbox, baseUrl } = await start(['--quote-delay-ms', '200', '--production-like']);
    expect(sandbox.output()).toMatch(
      /webhook prefix\s+X-Insurer \(X-Insurer-Signature-1, \.\.\., names in lower case\)\n/,
    );
    expect(sandbox.output()).toMatch(
      /answers\s+production-like \(--production-like\): nulls, numbers as text, .* a document not ready for 60 s\n/,
    );

    const { loan, shop } = await shopLoan(baseUrl, 'LOOSE-9');
    expect(loan.type).toBe('application/json; charset=utf-8');
    expect(loan.json).toMatchObject({ loanAmount: null, closingDate: null, _meta: {} });
    expect(shop.json.status).toBeNull();

    const shopped = await waitFor('loan.shopped', () => deliveries[0], 10_000);
    const expected = createHmac('sha256', 'sandbox_secret').update(shopped.raw).digest('hex');
    expect(shopped.headers['x-insurer-signature-1']).toBe(expected);
    expect(shopped.headers['x-insurer-partner-id']).toBe('sandbox_partner');
    expect(Object.keys(shopped.headers).filter((name) => name.startsWith('x-service-'))).toEqual(
      [],
    );
  });
});
