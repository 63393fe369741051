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

  async function call(cookie: string, method: string, path: string, body?: unknown) {
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
});
