import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DoctorOptions,
  DoctorReport,
  WebhookHandlerOptions,
} from '../../../src/server/index.js';
import { createWebhookHandler, runDoctor } from '../../../src/server/index.js';
import type { SandboxService } from '../../../src/testing/index.js';
import { createSandboxService, SANDBOX_DEFAULTS } from '../../../src/testing/index.js';

// The doctor against the sandbox (the service) and a receiver built with createWebhookHandler
// (the lender's portal), both answered in memory through one `fetch`. Any other host refuses
// the connection, as a port where nothing listens does.

const SERVICE = `https://service.test${SANDBOX_DEFAULTS.basePath}`;
const RECEIVER = 'https://portal.test/webhooks/insurance';
const BASIC = { username: 'hooks', password: 'hook-password-0123456789' };

const env = {
  SERVICE_BASE_URL: SERVICE,
  SERVICE_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
  SERVICE_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret,
};

const refused = () =>
  Promise.reject(
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    }),
  );

const htmlPage = (status: number) =>
  new Response('<!doctype html><h1>Not Found</h1>', {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });

interface World {
  sandbox: SandboxService;
  fetch: typeof fetch;
  /** Every access token the sandbox issued. */
  tokens: string[];
  /** What the receiver's host answers for paths other than the receiver's. */
  portal: (request: Request) => Response | Promise<Response>;
}

const worlds: World[] = [];

function world(
  receiverOptions: Partial<WebhookHandlerOptions> = {},
  service: (request: Request, sandbox: SandboxService) => Promise<Response> | undefined = () =>
    undefined,
): World {
  const sandbox = createSandboxService({ clock: 'manual' });
  const receiver = createWebhookHandler({
    secret: SANDBOX_DEFAULTS.clientSecret,
    logger: { warn: vi.fn(), error: vi.fn() },
    ...receiverOptions,
  });
  const self: World = {
    sandbox,
    tokens: [],
    portal: () => htmlPage(404),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.host === 'service.test') {
        const response = await (service(request, sandbox) ?? sandbox.handler(request));
        if (url.pathname.endsWith('/auth/token') && response.ok) {
          const { access_token } = (await response.clone().json()) as { access_token: string };
          self.tokens.push(access_token);
        }
        return response;
      }
      if (url.host === 'portal.test') {
        return url.pathname === '/webhooks/insurance'
          ? receiver.handler(request)
          : self.portal(request);
      }
      return refused();
    }) as typeof fetch,
  };
  worlds.push(self);
  return self;
}

function run(w: World, options: DoctorOptions = {}): Promise<DoctorReport> {
  return runDoctor({ env, webhookUrl: RECEIVER, fetch: w.fetch, ...options });
}

const check = (report: DoctorReport, id: string) => report.checks.find((c) => c.id === id);
const statuses = (report: DoctorReport) =>
  Object.fromEntries(report.checks.map((c) => [c.id, c.status]));

afterEach(() => {
  for (const w of worlds.splice(0)) w.sandbox.dispose();
  vi.useRealTimers();
});

describe('runDoctor, with a working set-up', () => {
  it('passes every check, in order, and says what each proved', async () => {
    const w = world();
    const report = await run(w);
    expect(check(report, 'webhook-settings')?.detail).toBe(
      'Deliveries are verified in the one X-*-Signature-1 header they carry, under any vendor prefix (WEBHOOK_HEADER_PREFIX auto) with the client secret (SERVICE_CLIENT_SECRET), which the service signs with; basic auth off',
    );
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['configuration', 'pass'],
      ['token', 'pass'],
      ['read', 'pass'],
      ['webhook-settings', 'pass'],
      ['webhook-delivery', 'pass'],
    ]);
    expect(check(report, 'token')?.detail).toBe(
      `POST ${SERVICE}/v1/auth/token issued an access token`,
    );
    expect(check(report, 'read')?.detail).toMatch(
      new RegExp(
        `^GET ${SERVICE}/v1/policies/lir_doctor_[0-9a-f]{16} answered the service's JSON 404 \\("Policy not found"\\) for a policy that cannot exist: the base URL, the routes and the token work$`,
      ),
    );
    expect(check(report, 'webhook-delivery')?.detail).toBe(
      `POST ${RECEIVER} accepted a signed test event (X-Service-Signature-1) as this library's receiver`,
    );
  });

  it('reads nothing rate limited and changes nothing at the service', async () => {
    const w = world();
    await run(w);
    expect(w.sandbox.stats()).toEqual({
      requests: { createToken: 1, getPolicy: 1 },
      rateLimited: 0,
    });
    expect(w.sandbox.events).toEqual([]);
  });

  it('never puts the secret, the password or the token in its report', async () => {
    const w = world({ basicAuth: BASIC });
    const report = await run(w, {
      env: {
        ...env,
        WEBHOOK_BASIC_AUTH_USERNAME: BASIC.username,
        WEBHOOK_BASIC_AUTH_PASSWORD: BASIC.password,
      },
    });
    expect(report.ok).toBe(true);
    expect(w.tokens).toHaveLength(1);
    const text = JSON.stringify(report);
    for (const secret of [SANDBOX_DEFAULTS.clientSecret, BASIC.password, ...w.tokens]) {
      expect(text).not.toContain(secret);
    }
  });

  it('skips the test delivery when no receiver URL is given, and still passes', async () => {
    const w = world();
    const report = await runDoctor({ env, fetch: w.fetch });
    expect(report.ok).toBe(true);
    expect(check(report, 'webhook-delivery')).toEqual({
      id: 'webhook-delivery',
      title: 'Test delivery',
      status: 'skip',
      detail: 'No receiver URL (WEBHOOK_URL, --webhook-url): no test delivery was sent',
    });
  });

  it('takes the receiver URL from WEBHOOK_URL', async () => {
    const w = world();
    const report = await runDoctor({ env: { ...env, WEBHOOK_URL: RECEIVER }, fetch: w.fetch });
    expect(check(report, 'webhook-delivery')?.status).toBe('pass');
  });
});

describe('runDoctor, with the service misconfigured', () => {
  it('a base URL without its path prefix: the token route is missing, and the fix names the prefix', async () => {
    const w = world();
    const report = await run(w, { env: { ...env, SERVICE_BASE_URL: 'https://service.test' } });
    expect(report.ok).toBe(false);
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail:
        'The service answered 404 to POST https://service.test/v1/auth/token: no token route there',
      fix: "SERVICE_BASE_URL has no path: include the service's path prefix, e.g. https://service.test/lenders (every route is under SERVICE_BASE_URL/v1/...).",
    });
    expect(check(report, 'read')).toMatchObject({
      status: 'skip',
      detail: 'Needs an access token (see above)',
    });
  });

  it('a host that answers web pages: the token route answers HTML, and the fix names the prefix and the routes', async () => {
    const w = world({}, () => Promise.resolve(htmlPage(404)));
    const report = await run(w, {
      env: { ...env, SERVICE_BASE_URL: 'https://service.test/portal' },
    });
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail:
        'The service answered 404 with an HTML page to POST https://service.test/portal/v1/auth/token: no token route there',
      fix: 'Check the path prefix in SERVICE_BASE_URL (/portal); if the service spells the token route differently, set it in SERVICE_ROUTES (createToken=POST /path).',
    });
  });

  it('a port where nothing listens: no connection, and the fix names the host and port', async () => {
    const w = world();
    const report = await run(w, {
      env: { ...env, SERVICE_BASE_URL: 'https://127.0.0.1:9/lenders' },
    });
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail: 'Could not connect to 127.0.0.1:9 (ECONNREFUSED): nothing listens on that port',
      fix: 'Check the host and port in SERVICE_BASE_URL, and that the server there is running.',
    });
  });

  it('a wrong client secret: the credentials are refused, and the fix names them', async () => {
    const w = world();
    const report = await run(w, {
      env: { ...env, SERVICE_CLIENT_SECRET: 'not-the-secret', WEBHOOK_SECRET: 'x' },
    });
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail: `The service refused the client credentials (401) at POST ${SERVICE}/v1/auth/token`,
      fix: 'Check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET (the pair issued for this environment: sandbox and production differ); a platform partner also sets SERVICE_PARTNER_ID.',
    });
    expect(JSON.stringify(report)).not.toContain('not-the-secret');
  });

  it('a service that does not answer: a time-out, said in seconds', async () => {
    vi.useFakeTimers();
    const w = world({}, () => new Promise<Response>(() => undefined));
    const pending = runDoctor({ env, fetch: w.fetch, timeoutMs: 2_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    const report = await pending;
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail: 'No answer from service.test within 2 s',
      fix: 'Check the host and port in SERVICE_BASE_URL and that this machine may reach it (firewall, proxy), or allow more time (--timeout-ms).',
    });
  });

  it('a redirect: never followed, and the fix gives the base URL it points to', async () => {
    const w = world({}, (request) =>
      request.url.startsWith('https://service.test/lenders/')
        ? Promise.resolve(
            new Response(null, {
              status: 308,
              headers: { Location: 'https://api.service.test/lenders/v1/auth/token' },
            }),
          )
        : undefined,
    );
    const report = await run(w);
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail: `The service answered POST ${SERVICE}/v1/auth/token with a redirect (308 to https://api.service.test/lenders/v1/auth/token)`,
      fix: 'Set SERVICE_BASE_URL to https://api.service.test/lenders: a redirect is never followed, so the secret cannot travel to another address.',
    });
  });

  it('a policy route the service does not have: the read gets a web page, and the fix names SERVICE_ROUTES', async () => {
    const w = world({}, (request) =>
      new URL(request.url).pathname.startsWith('/lenders/v1/policy/')
        ? Promise.resolve(htmlPage(404))
        : undefined,
    );
    const report = await run(w, {
      env: { ...env, SERVICE_ROUTES: 'getPolicy=/v1/policy/{policyId}' },
    });
    expect(check(report, 'token')?.status).toBe('pass');
    expect(check(report, 'read')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        /^GET https:\/\/service\.test\/lenders\/v1\/policy\/lir_doctor_\w+ answered 404 with an HTML page: no policy route there$/,
      ),
      fix: 'Check SERVICE_ROUTES (getPolicy=GET /path/{policyId}; the default is /v1/policy/{policyId}) and the path prefix in SERVICE_BASE_URL: the token route answered, so the host is right.',
    });
  });

  it('a token the service issues but refuses: the read fails with 401, after one refresh', async () => {
    const w = world({}, (request) =>
      request.method === 'GET'
        ? Promise.resolve(Response.json({ error: { code: 'unauthorized' } }, { status: 401 }))
        : undefined,
    );
    const report = await run(w);
    expect(check(report, 'token')?.status).toBe('pass');
    expect(check(report, 'read')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        /^The service issued a token but refused it for GET .+ \(401\)$/,
      ),
      fix: 'Check that SERVICE_BASE_URL and the credentials belong to the same environment (a sandbox token is not valid in production); a platform partner also sets SERVICE_PARTNER_ID.',
    });
    expect(w.sandbox.stats().requests.createToken).toBe(2);
  });

  it('a partner id the service does not take for this client: refused, and the fix names SERVICE_PARTNER_ID', async () => {
    const w = world();
    const report = await run(w, { env: { ...env, SERVICE_PARTNER_ID: 'lender_7' } });
    expect(check(report, 'token')).toMatchObject({
      status: 'fail',
      detail: `The service refused the client credentials (400) at POST ${SERVICE}/v1/auth/token`,
      fix: 'Check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET (the pair issued for this environment: sandbox and production differ), and SERVICE_PARTNER_ID (a lender client of this platform partner).',
    });
  });
});

describe('runDoctor, with the webhooks misconfigured', () => {
  it('another webhook secret than the receiver has: Invalid signature, and the fix names WEBHOOK_SECRET', async () => {
    const w = world();
    const report = await run(w, { env: { ...env, WEBHOOK_SECRET: 'another-secret' } });
    expect(statuses(report)).toMatchObject({ token: 'pass', read: 'pass' });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail:
        'The receiver could not verify the signature in X-Service-Signature-1 (401 Invalid signature): its secret differs from WEBHOOK_SECRET',
      fix: 'Give the receiver and this check the same WEBHOOK_SECRET: the service signs with the client secret unless its support configured another key.',
    });
    expect(JSON.stringify(report)).not.toContain('another-secret');
  });

  it('another header prefix than the receiver expects: the fix names WEBHOOK_HEADER_PREFIX', async () => {
    const w = world({ headerPrefix: 'X-Acme' });
    const report = await run(w, { env: { ...env, WEBHOOK_HEADER_PREFIX: 'X-Service' } });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail:
        'The receiver expects X-Acme-Signature-1, but WEBHOOK_HEADER_PREFIX here is X-Service (401)',
      fix: 'Run the receiver and this check with the same WEBHOOK_HEADER_PREFIX: the prefix the service signs with (X-<Vendor> for the production service), or unset it on both (auto).',
    });
  });

  it('W46: a receiver pinned to another prefix than the check signs under at auto: says both, and how to align them', async () => {
    const w = world({ headerPrefix: 'X-Acme' });
    const report = await run(w);
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail:
        "The receiver is pinned to X-Acme-Signature-1 and refused this check's X-Service-Signature-1 (401); WEBHOOK_HEADER_PREFIX here is auto",
      fix: 'If the service signs under X-Acme, run this check with WEBHOOK_HEADER_PREFIX=X-Acme; otherwise unset WEBHOOK_HEADER_PREFIX on the receiver, so that it takes the one X-*-Signature-1 header whose HMAC verifies (auto, the default).',
    });
  });

  it('W43: something in front of the receiver adds a signature header: the conflict is named, with what to check', async () => {
    const w = world();
    const direct = w.fetch;
    w.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).host !== 'portal.test') return direct(request);
      const headers = new Headers(request.headers);
      headers.set('X-Proxy-Signature-1', 'ab'.repeat(32));
      return direct(new Request(request, { headers }));
    }) as typeof fetch;
    const report = await run(w);
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail:
        "The receiver found several signature headers with different values beside this check's X-Service-Signature-1 (401 conflicting_signatures)",
      fix: 'Check that no proxy in front of the receiver adds an X-*-Signature-1 header, or pin WEBHOOK_HEADER_PREFIX on the receiver to the prefix the service signs with.',
    });
  });

  it('signs and sends under the configured prefix, with basic auth, as the service would', async () => {
    const w = world({ headerPrefix: 'X-Acme', basicAuth: BASIC });
    const report = await run(w, {
      env: {
        ...env,
        WEBHOOK_HEADER_PREFIX: 'X-Acme',
        WEBHOOK_BASIC_AUTH_USERNAME: BASIC.username,
        WEBHOOK_BASIC_AUTH_PASSWORD: BASIC.password,
      },
    });
    expect(check(report, 'webhook-settings')?.detail).toBe(
      'Deliveries are verified in X-Acme-Signature-1 (WEBHOOK_HEADER_PREFIX) with the client secret (SERVICE_CLIENT_SECRET), which the service signs with; basic auth on (WEBHOOK_BASIC_AUTH_USERNAME, WEBHOOK_BASIC_AUTH_PASSWORD)',
    );
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'pass',
      detail: `POST ${RECEIVER} accepted a signed test event (X-Acme-Signature-1, basic auth) as this library's receiver`,
    });
  });

  it('a receiver that asks for basic auth when none is set here: the fix names both variables', async () => {
    const w = world({ basicAuth: BASIC });
    const report = await run(w);
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail: 'The receiver asks for basic auth (401), and none is set here',
      fix: 'Set WEBHOOK_BASIC_AUTH_USERNAME and WEBHOOK_BASIC_AUTH_PASSWORD as the receiver has them.',
    });
  });

  it('other basic-auth credentials than the receiver has: the fix names both variables', async () => {
    const w = world({ basicAuth: BASIC });
    const report = await run(w, {
      env: {
        ...env,
        WEBHOOK_BASIC_AUTH_USERNAME: BASIC.username,
        WEBHOOK_BASIC_AUTH_PASSWORD: 'wrong-password',
      },
    });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail: 'The receiver refused the basic-auth credentials (401)',
    });
    expect(JSON.stringify(report)).not.toContain('wrong-password');
  });

  it('a receiver URL with the wrong path: 404, and the fix names the path', async () => {
    const w = world();
    const report = await run(w, { webhookUrl: 'https://portal.test/webhooks' });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail: 'Nothing takes deliveries at POST https://portal.test/webhooks (404)',
      fix: 'Check the path of the receiver URL (the demo mounts the receiver at /webhooks/insurance) and that the route takes POST.',
    });
  });

  it('a URL that answers 200 but is not the receiver: says so', async () => {
    const w = world();
    w.portal = () => Response.json({ ok: true });
    const report = await run(w, { webhookUrl: 'https://portal.test/api/hooks' });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail:
        "POST https://portal.test/api/hooks answers 200, but is not this library's receiver (it did not recognise the test event)",
      fix: 'Point WEBHOOK_URL at the route that runs createWebhookHandler (the demo mounts it at /webhooks/insurance), on a server running this version of lender-insurance-react.',
    });
  });

  it('an http URL redirected to https: the fix gives the https URL to register', async () => {
    const w = world();
    w.portal = () =>
      new Response(null, {
        status: 301,
        headers: { Location: 'https://portal.test/webhooks/insurance' },
      });
    const report = await run(w, { webhookUrl: 'http://portal.test/hooks' });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail:
        'POST http://portal.test/hooks answered with a redirect (301 to https://portal.test/webhooks/insurance)',
      fix: "Use the receiver's https:// URL (https://portal.test/webhooks/insurance): the service does not follow redirects, so register and check the final URL.",
    });
  });

  it('a receiver that is not running: no connection, and the fix names the receiver URL', async () => {
    const w = world();
    const report = await run(w, { webhookUrl: 'http://127.0.0.1:9/webhooks/insurance' });
    expect(check(report, 'webhook-delivery')).toMatchObject({
      status: 'fail',
      detail: 'Could not connect to 127.0.0.1:9 (ECONNREFUSED): nothing listens on that port',
      fix: 'Check the host and port in the receiver URL (WEBHOOK_URL, --webhook-url), and that the server there is running.',
    });
  });
});

describe('runDoctor, with settings it cannot use', () => {
  it('with nothing set: lists the problems, skips what needs them, and fails for want of a secret', async () => {
    const w = world();
    const report = await runDoctor({ env: {}, fetch: w.fetch, webhookUrl: RECEIVER });
    expect(report.ok).toBe(false);
    expect(statuses(report)).toEqual({
      configuration: 'fail',
      token: 'skip',
      read: 'skip',
      'webhook-settings': 'fail',
      'webhook-delivery': 'skip',
    });
    expect(check(report, 'configuration')?.problems?.map((p) => p.variable)).toEqual([
      'SERVICE_BASE_URL',
      'SERVICE_CLIENT_ID',
      'SERVICE_CLIENT_SECRET',
    ]);
    expect(check(report, 'token')?.detail).toBe(
      'Needs usable service settings: SERVICE_BASE_URL, SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET',
    );
    expect(check(report, 'webhook-settings')?.fix).toBe(
      'Set SERVICE_CLIENT_SECRET (the service signs webhooks with the client secret), or WEBHOOK_SECRET if its support configured another key.',
    );
    expect(w.sandbox.stats().requests).toEqual({});
  });

  it('with only the header prefix wrong: the service checks still run, the webhook ones say what to fix', async () => {
    const w = world();
    const report = await run(w, { env: { ...env, WEBHOOK_HEADER_PREFIX: 'X-Acme-' } });
    expect(statuses(report)).toEqual({
      configuration: 'fail',
      token: 'pass',
      read: 'pass',
      'webhook-settings': 'fail',
      'webhook-delivery': 'skip',
    });
    expect(check(report, 'webhook-settings')).toMatchObject({
      detail: expect.stringMatching(/^WEBHOOK_HEADER_PREFIX must not end with "-"/),
      fix: 'Set WEBHOOK_HEADER_PREFIX=X-Acme.',
    });
  });

  it('with a receiver URL that is not one: a configuration problem naming WEBHOOK_URL', async () => {
    const w = world();
    const report = await run(w, { webhookUrl: 'portal.test/webhooks/insurance' });
    expect(check(report, 'configuration')?.problems).toEqual([
      {
        variable: 'WEBHOOK_URL',
        message: 'WEBHOOK_URL (--webhook-url) must be an absolute URL',
        fix: 'Give the receiver URL the service delivers to, e.g. https://portal.example/webhooks/insurance.',
      },
    ]);
    expect(check(report, 'webhook-delivery')?.status).toBe('skip');
  });

  it('refuses a time limit it cannot honour', async () => {
    await expect(runDoctor({ env, timeoutMs: 0 })).rejects.toThrow(RangeError);
    await expect(runDoctor({ env, timeoutMs: 60_000 })).rejects.toThrow(
      'timeoutMs must be a whole number of ms from 1 to 20000',
    );
  });
});
