import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSha256Hex } from '../../src/core/hmacSha256Hex.js';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import { SANDBOX_DEFAULTS } from '../../src/testing/sandbox/createSandboxService.js';
import type { LoggedProcess } from '../support/spawnLogged.js';
import { spawnLogged } from '../support/spawnLogged.js';

// The demo (`npm start`) as a process, over real HTTP on 127.0.0.1: what someone who can reach
// it, but holds none of its credentials, can and cannot do.
//
// It runs the `tsx` binary directly rather than through npm, so the signal and the exit code
// are the demo's own.

const TSX = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const SESSIONS_PER_ADDRESS = 3;
const API = '/api/insurance';
const WEBHOOKS = '/webhooks/insurance';

function startDemo(env: Record<string, string>): LoggedProcess {
  return spawnLogged(TSX, ['demo/server.ts'], {
    env: {
      ...process.env,
      // The sandbox, in memory, whatever the environment of the test run says.
      SERVICE_BASE_URL: '',
      REDIS_URL: '',
      DEMO_QUOTE_DELAY_MS: '200',
      ...env,
    },
  });
}

async function originOf(demo: LoggedProcess): Promise<string> {
  const [, origin] = await demo.waitForOutput(
    /Borrower portal demo: (http:\/\/127\.0\.0\.1:\d+)\//,
  );
  return origin as string;
}

async function stop(demo: LoggedProcess | undefined) {
  if (!demo || demo.child.exitCode !== null || demo.child.signalCode !== null) return;
  demo.child.kill('SIGTERM');
  await demo.exited;
}

/** A browser's call to the demo's BFF with its session cookie (and the CSRF header). */
async function callBff(
  origin: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${origin}${API}${path}`, {
    method,
    headers: {
      Cookie: cookie,
      'X-LIR-CSRF': '1',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read field by field
  return { status: response.status, json: (await response.json()) as any };
}

describe('the demo, to a client without its credentials', () => {
  let demo: LoggedProcess;
  let origin: string;
  /** Sessions this test file minted so far (all from 127.0.0.1). */
  let minted = 0;

  beforeAll(async () => {
    demo = startDemo({ PORT: '0', DEMO_SESSIONS_PER_ADDRESS: String(SESSIONS_PER_ADDRESS) });
    origin = await originOf(demo);
  });
  afterAll(() => stop(demo));

  /** Loads the page as a browser without a cookie does. */
  async function loadPage(cookie?: string) {
    const response = await fetch(`${origin}/`, {
      headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) minted++;
    return { response, text: await response.text(), cookie: cookies[0]?.split(';')[0] };
  }

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    callBff(origin, cookie, method, path, body);

  it("W42: prints that its receiver takes any vendor prefix ('auto', the default), and the prefix its sandbox signs under", async () => {
    await demo.waitForOutput(/Press Ctrl\+C to stop\./);
    expect(demo.output()).toMatch(
      /headers\s+the one X-\*-Signature-1 whose HMAC verifies, -Partner-Id and -External-Id under its prefix \(WEBHOOK_HEADER_PREFIX auto\); the sandbox signs under X-Service\n/,
    );
  });

  it('W36: a delivery signed with the published sandbox secret is refused 401, while the sandbox delivers its own events to the borrower', async () => {
    const { cookie } = await loadPage();
    expect(cookie).toMatch(/^lir_demo_session=/);
    const session = cookie as string;
    const created = await call(session, 'POST', '/loans', createLoanApplicationFixture());
    expect(created.status).toBe(201);
    const loanId: string = created.json.id;

    const forged = JSON.stringify({
      id: 'evt_forged',
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date().toISOString(),
      data: { loanId, partnerId: SANDBOX_DEFAULTS.partnerId, platformId: null },
    });
    const delivery = await fetch(`${origin}${WEBHOOKS}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Service-Signature-1': await hmacSha256Hex(SANDBOX_DEFAULTS.clientSecret, forged),
      },
      body: forged,
    });
    expect(delivery.status).toBe(401);

    // The sandbox's own deliveries carry this run's signature and basic auth, so they get in.
    expect(
      (await call(session, 'POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' }))
        .status,
    ).toBe(200);
    expect((await call(session, 'PATCH', `/loans/${loanId}/shop`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    let events: Array<{ event: { id: string; type: string } }> = [];
    while (!events.some((e) => e.event.type === 'loan.shopped') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      events = (await call(session, 'GET', `/loans/${loanId}/events?after=`)).json.events;
    }
    expect(events.map((e) => e.event.type)).toContain('loan.shopped');
    expect(events.map((e) => e.event.id)).not.toContain('evt_forged');
  });

  it('W33: an unauthenticated delivery trickling its body is answered 401 and its connection closed', async () => {
    const outcome = await new Promise<{ status?: number; closed: boolean }>((resolve) => {
      let status: number | undefined;
      const request = httpRequest(`${origin}${WEBHOOKS}`, {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': '100000' },
      });
      const trickle = setInterval(() => request.write(' '), 50);
      const finish = (closed: boolean) => {
        clearInterval(trickle);
        clearTimeout(giveUp);
        request.destroy();
        resolve({ ...(status === undefined ? {} : { status }), closed });
      };
      const giveUp = setTimeout(() => finish(false), 5_000);
      request.on('response', (response) => {
        status = response.statusCode;
        response.resume();
      });
      request.on('socket', (socket: Socket) => socket.on('close', () => finish(true)));
      // The server hangs up on a body it will not read: writing then fails, as it should.
      request.on('error', () => undefined);
      request.write('{');
    });
    expect(outcome).toEqual({ status: 401, closed: true });
  });

  it('serves the production build of the page, whatever NODE_ENV the environment set (this run: test)', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const { text, cookie } = await loadPage();
    const scripts = [...text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (
        await fetch(`${origin}${script}`, { headers: { Cookie: String(cookie) } })
      ).text();
      expect(code.length).toBeGreaterThan(0);
      // React's development builds: the JSX dev runtime, and react-dom's DevTools notice.
      const development = ['jsxDEV', 'Download the React DevTools'].filter((text) =>
        code.includes(text),
      );
      expect(development, script).toEqual([]);
    }
  });

  it('R21: one address may mint only so many sessions; past that, a page load without one gets 429', async () => {
    const { cookie } = await loadPage();
    expect(cookie).toBeDefined();
    while (minted < SESSIONS_PER_ADDRESS) {
      expect((await loadPage()).response.status).toBe(200);
    }
    const refused = await loadPage();
    expect(refused.response.status).toBe(429);
    expect(refused.cookie).toBeUndefined();
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(refused.text).toMatch(/too many new sessions/i);
    // A browser that kept its cookie is not affected.
    const kept = await loadPage(cookie);
    expect(kept.response.status).toBe(200);
    expect(kept.cookie).toBeUndefined();
  });
});

describe('the demo on a port already in use', () => {
  it('says so in one line, with how to choose another port, and exits with code 1', async () => {
    const holder = createNetServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const demo = startDemo({ PORT: String(port) });
    try {
      const exit = await demo.exited;
      const output = demo.output();
      expect(exit, output).toEqual({ code: 1, signal: null });
      expect(output).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`));
      expect(output).toMatch(/PORT=\d+ npm start/);
      expect(output).not.toMatch(/EADDRINUSE|^\s+at /m);
      expect(output.trim().split('\n')).toHaveLength(1);
    } finally {
      await stop(demo);
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it.for([
    ['127.0.0.1', '127.0.0.1'],
    ['every IPv4 address', '0.0.0.0'],
    ['every address', '::'],
  ] as const)(
    'with REDIS_URL set, `npm start` while another process listens on %s says so in one line, without a stack, and exits with code 1',
    async ([, host], ctx) => {
      const holder = createNetServer();
      try {
        await new Promise<void>((resolve, reject) => {
          holder.once('error', reject);
          holder.listen(0, host, resolve);
        });
      } catch {
        // A machine without IPv6 cannot hold [::].
        ctx.skip();
      }
      const { port } = holder.address() as AddressInfo;
      const demo = spawnLogged('npm', ['start'], {
        env: {
          ...process.env,
          SERVICE_BASE_URL: '',
          // Nothing listens there: a Redis client that starts would print its retries.
          REDIS_URL: 'redis://127.0.0.1:1',
          PORT: String(port),
        },
      });
      try {
        const exit = await demo.exited;
        // npm's own header ("> lender-insurance-react@… start", "> exec tsx …") is not the demo's.
        const lines = demo
          .output()
          .split('\n')
          .filter((line) => line.trim() !== '' && !line.startsWith('> '));
        expect(exit, demo.output()).toEqual({ code: 1, signal: null });
        expect(lines).toEqual([
          `Port ${port} on 127.0.0.1 is already in use: stop what uses it, or choose another port, e.g. PORT=8080 npm start (PORT=0 picks a free one).`,
        ]);
        expect(demo.output()).not.toMatch(/EADDRINUSE|redis|^\s+at /im);
      } finally {
        await stop(demo);
        await new Promise((resolve) => holder.close(resolve));
      }
    },
  );
});

describe('the demo set up for a service that spells its webhook headers and paths its own way', () => {
  const CLIENT_ID = 'demo_acme_client';
  const CLIENT_SECRET = 'demo-acme-secret-0123456789abcdef';
  let demo: LoggedProcess;
  let origin: string;

  beforeAll(async () => {
    demo = startDemo({
      PORT: '0',
      WEBHOOK_HEADER_PREFIX: 'X-Acme',
      SERVICE_ROUTES: 'getQuoteDisplay=/v1/loans/{loanId}/quote-display',
      SERVICE_CLIENT_ID: CLIENT_ID,
      SERVICE_CLIENT_SECRET: CLIENT_SECRET,
    });
    origin = await originOf(demo);
    await demo.waitForOutput(/Press Ctrl\+C to stop\./);
  });
  afterAll(() => stop(demo));

  it('prints the header prefix and the route overrides it uses, never the secret', () => {
    const output = demo.output();
    expect(output).toMatch(
      /headers\s+X-Acme-Signature-1, X-Acme-Partner-Id, X-Acme-External-Id \(WEBHOOK_HEADER_PREFIX\)\n/,
    );
    expect(output).toMatch(
      /routes\s+getQuoteDisplay=\/v1\/loans\/\{loanId\}\/quote-display \(SERVICE_ROUTES\)\n/,
    );
    expect(output).not.toContain(CLIENT_SECRET);
  });

  it('W39: with WEBHOOK_HEADER_PREFIX=X-Acme, a quoting round completes through its webhook, and the sandbox serves the overridden path', async () => {
    const page = await fetch(`${origin}/`, { headers: { Accept: 'text/html' } });
    const cookie = page.headers.getSetCookie()[0]?.split(';')[0] as string;
    await page.text();
    expect(cookie).toMatch(/^lir_demo_session=/);
    const call = (method: string, path: string, body?: unknown) =>
      callBff(origin, cookie, method, path, body);
    const created = await call('POST', '/loans', createLoanApplicationFixture());
    expect(created.status).toBe(201);
    const loanId: string = created.json.id;
    expect(
      (await call('POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' })).status,
    ).toBe(200);
    expect((await call('PATCH', `/loans/${loanId}/shop`)).status).toBe(200);

    // loan.shopped reaches the borrower only if the receiver accepted the X-Acme delivery.
    const deadline = Date.now() + 10_000;
    let types: string[] = [];
    while (!types.includes('loan.shopped') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const events: Array<{ event: { type: string } }> = (
        await call('GET', `/loans/${loanId}/events?after=`)
      ).json.events;
      types = events.map((e) => e.event.type);
    }
    expect(types).toContain('loan.shopped');
    const display = await call('GET', `/loans/${loanId}/display`);
    expect(display.status).toBe(200);
    expect(display.json.status).toBe('RC1_RATED');
    expect(display.json.quotes.length).toBeGreaterThan(0);

    // The sandbox was given the same routes: the display lives at the overridden path only.
    const [, sandboxUrl] = await demo.waitForOutput(/service\s+sandbox at (http:\/\/\S+\/lenders)/);
    const token = await fetch(`${sandboxUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const read = (path: string) =>
      fetch(`${sandboxUrl}${path}`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect((await read(`/v1/loans/${loanId}/quote-display`)).status).toBe(200);
    expect((await read(`/v1/loans/${loanId}/display`)).status).toBe(404);
  });
  it("B40: a bound policy's documents reach the borrower through the demo's BFF at its defaults, from the sandbox's asset origin (another port, printed at start), and open as PDFs", async () => {
    const [, assetOrigin = ''] = await demo.waitForOutput(
      /assets\s+documents and carrier logos from (http:\/\/127\.0\.0\.1:\d+)\n/,
    );
    const [, sandboxUrl = ''] = await demo.waitForOutput(/service\s+sandbox at (http:\/\/\S+)/);
    expect(assetOrigin).not.toBe(new URL(sandboxUrl).origin);
    const page = await fetch(`${origin}/`, { headers: { Accept: 'text/html' } });
    const cookie = page.headers.getSetCookie()[0]?.split(';')[0] as string;
    await page.text();
    const call = (method: string, path: string, body?: unknown) =>
      callBff(origin, cookie, method, path, body);
    const created = await call(
      'POST',
      '/loans',
      createLoanApplicationFixture({ primaryBorrower: { firstName: 'Bind_policy' } }),
    );
    const loanId: string = created.json.id;
    await call('POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' });
    expect((await call('PATCH', `/loans/${loanId}/shop`)).status).toBe(200);
    let policyId: string | undefined;
    const deadline = Date.now() + 10_000;
    while (policyId === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const events: Array<{ event: { type: string; policyId?: string } }> = (
        await call('GET', `/loans/${loanId}/events?after=`)
      ).json.events;
      policyId = events.find((e) => e.event.type === 'policy.bound')?.event.policyId;
    }
    expect(policyId).toBeDefined();
    const policy = await call('GET', `/policies/${policyId}`);
    const documents: Array<{ url: string }> = policy.json.documents;
    expect(documents.length).toBeGreaterThan(0);
    for (const { url } of documents) {
      expect(new URL(url).origin).toBe(assetOrigin);
      const pdf = await fetch(url);
      expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
    }
  });
});

describe('the demo with a bad setting', () => {
  it.each([
    ['WEBHOOK_HEADER_PREFIX', 'X Acme', /^WEBHOOK_HEADER_PREFIX must be a header name/],
    [
      'WEBHOOK_HEADER_PREFIX',
      'X-Acme-',
      /^WEBHOOK_HEADER_PREFIX must not end with "-".*use X-Acme\. Set WEBHOOK_HEADER_PREFIX=X-Acme\.$/,
    ],
    [
      'SERVICE_ROUTES',
      'getQuoteDisplay',
      /^SERVICE_ROUTES: "getQuoteDisplay" must look like operation=METHOD \/path\. Write SERVICE_ROUTES as /,
    ],
    [
      'SERVICE_ROUTES',
      'getQuoteDisplay=/v1/display',
      /^SERVICE_ROUTES: getQuoteDisplay: .*must keep the path's ids: \{loanId\}\. Write SERVICE_ROUTES as /,
    ],
    [
      'SERVICE_ROUTES',
      'getQuote=/v1/quotes',
      /^SERVICE_ROUTES: "getQuote" is not a service operation/,
    ],
    ['SERVICE_BASE_URL', 'http://service.example/lenders', /^SERVICE_BASE_URL must use https:/],
    [
      'SANDBOX_PRODUCTION_LIKE',
      'yes',
      /^SANDBOX_PRODUCTION_LIKE must be 1 or 0 \(got "yes"\)\. Set SANDBOX_PRODUCTION_LIKE=1 /,
    ],
  ])(
    'W40: %s=%s exits 2 with one line naming the variable, what is wrong and how to fix it',
    async (name, value, message) => {
      // Credentials too: a real service's SERVICE_BASE_URL needs them, and this is about one setting.
      const demo = startDemo({
        PORT: '0',
        SERVICE_CLIENT_ID: 'demo_client',
        SERVICE_CLIENT_SECRET: 'demo-secret-0123456789abcdef',
        [name]: value,
      });
      try {
        const exit = await demo.exited;
        const output = demo.output().trim();
        expect(exit, output).toEqual({ code: 2, signal: null });
        expect(output.split('\n')).toHaveLength(1);
        expect(output).toMatch(message);
      } finally {
        await stop(demo);
      }
    },
  );

  it('with several bad settings, exits 2 with one line for each, naming its variable', async () => {
    const demo = startDemo({
      PORT: '0',
      DEMO_RATE_SHARE: '500',
      WEBHOOK_HEADER_PREFIX: 'X Acme',
      SERVICE_ROUTES: 'getQuote=/v1/quotes',
    });
    try {
      const exit = await demo.exited;
      const output = demo.output().trim();
      expect(exit, output).toEqual({ code: 2, signal: null });
      const lines = output.split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^DEMO_RATE_SHARE must be an integer from 1 to 90/);
      expect(lines[1]).toMatch(/^SERVICE_ROUTES: "getQuote" is not a service operation/);
      expect(lines[2]).toMatch(/^WEBHOOK_HEADER_PREFIX must be a header name/);
    } finally {
      await stop(demo);
    }
  });
});
