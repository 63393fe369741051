import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createServiceClient,
  createWebhookHandler,
  type ServiceClientOptions,
} from '../../../src/server/index.js';
import {
  cannedResponder,
  createRecordingClient,
  loanApplication,
  publishEvent,
  type RecordedCall,
  setup,
} from './helpers.js';

const START = Date.UTC(2026, 2, 2, 15, 0, 0);
const SECRET = 'Sup3r-Secret-Value-9f8e7d';
const FAILED = {
  error: { code: 'service_error', message: 'The insurance service could not answer' },
};

/** A service client whose every request gets `reply` (one attempt: settings do not heal). */
function clientAnswering(
  reply: () => Response | Promise<Response>,
  overrides: Partial<ServiceClientOptions> = {},
) {
  return createServiceClient({
    baseUrl: 'https://service.test/lenders',
    clientId: 'client_one',
    clientSecret: SECRET,
    fetch: async () => reply(),
    retry: { attempts: 1 },
    ...overrides,
  });
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a misconfigured server says in its log which setting to fix', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a base URL without the path prefix: the browser gets 502 service_error, the log the setting, once a minute', async () => {
    const { send, logger } = setup({
      client: clientAnswering(() => new Response('Not Found', { status: 404 }), {
        baseUrl: 'https://service.test',
      }),
    });
    for (let i = 0; i < 3; i++) {
      const res = await send('GET', '/loans/loan_a1/display');
      expect(res.status).toBe(502);
      expect(res.json).toEqual(FAILED);
      expect(res.text).not.toContain('service.test');
    }
    const line =
      "insurance bff: the service answered 404 for POST https://service.test/v1/auth/token: is `baseUrl` (SERVICE_BASE_URL) missing the service's path prefix? It must include it, e.g. https://service.test/lenders (the service's routes are under {baseUrl}/v1/...)";
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: line,
        meta: { operation: 'getQuoteDisplay', code: 'token_request_failed' },
      },
    ]);
    vi.setSystemTime(START + 60_000);
    await send('GET', '/loans/loan_a1/display');
    expect(logger.lines).toHaveLength(2);
    expect(logger.lines[1]).toEqual({
      level: 'error',
      message: line,
      meta: {
        operation: 'getQuoteDisplay',
        code: 'token_request_failed',
        suppressedSinceLastLog: 2,
      },
    });
  });

  it('a wrong client secret: one line naming the credentials, never the secret, in the log or the answer', async () => {
    const { send, logger } = setup({
      client: clientAnswering(() => json({ error: { message: `bad secret ${SECRET}` } }, 401), {
        partnerId: 'lender_7',
      }),
    });
    const res = await send('POST', '/loans', { body: loanApplication() });
    expect(res.status).toBe(502);
    expect(res.json).toEqual(FAILED);
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message:
          'insurance bff: the service refused the client credentials (status 401): check `clientId` (SERVICE_CLIENT_ID), `clientSecret` (SERVICE_CLIENT_SECRET) and `partnerId` (SERVICE_PARTNER_ID)',
        meta: { operation: 'submitLoanApplication', code: 'invalid_client_credentials' },
      },
    ]);
    expect(JSON.stringify([logger.lines, res.text])).not.toContain(SECRET);
  });

  it("a service that cannot be reached: the page is told the service could not answer, not to check the borrower's connection", async () => {
    const { send, logger } = setup({
      client: clientAnswering(
        () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })),
        { baseUrl: 'http://127.0.0.1:4999/lenders' },
      ),
    });
    const res = await send('GET', '/loans/loan_a1/shop');
    expect(res.status).toBe(502);
    expect(res.json).toEqual(FAILED);
    expect(logger.lines.map((l) => [l.level, l.message])).toEqual([
      [
        'error',
        'insurance bff: could not connect to 127.0.0.1:4999 (ECONNREFUSED): check the host and port in `baseUrl` (SERVICE_BASE_URL)',
      ],
    ]);
  });

  it("a 403 on shopping names the partner's permissions for that operation", async () => {
    let tokenServed = false;
    const { send, logger } = setup({
      client: clientAnswering(() => {
        if (!tokenServed) {
          tokenServed = true;
          return json({ access_token: 'a.b.c', expires_in: 86_400, token_type: 'Bearer' }, 200);
        }
        return json({ error: { message: 'Forbidden' } }, 403);
      }),
    });
    const res = await send('PATCH', '/loans/loan_a1/shop');
    expect(res.status).toBe(502);
    expect(logger.lines.map((l) => l.message)).toEqual([
      "insurance bff: the service refused shopLoan with 403 (PATCH https://service.test/lenders/v1/loans/{loanId}/shop): the partner's permissions do not cover this operation: ask the service to enable it for `clientId` (SERVICE_CLIENT_ID), or check that these are the credentials meant for this portal",
    ]);
  });
});

describe('a shopped loan whose event does not come', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A delivery the way the service sends it, signed with `secret`. */
  function delivery(secret: string): Request {
    const body = JSON.stringify({
      id: 'evt_signed_elsewhere',
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date(START).toISOString(),
      data: { loanId: 'loan_a1', partnerId: 'p1' },
    });
    return new Request('https://portal.example/webhooks/insurance', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Service-Signature-1': createHmac('sha256', secret).update(body).digest('hex'),
      },
      body,
    });
  }

  const quiet = { warn: () => undefined, error: () => undefined };
  const shopsOf = (calls: RecordedCall[]) => calls.filter((c) => c.name === 'getShoppedLoan');

  it("after a minute without it, the log names the receiver's last refusal and the page gets the outcome as its event", async () => {
    const s = setup();
    const webhooks = createWebhookHandler({
      secret: 'the_right_client_secret',
      relay: s.bff.relay,
      logger: quiet,
    });
    expect((await webhooks.handler(delivery('a_wrong_secret'))).status).toBe(401);
    expect((await s.send('PATCH', '/loans/loan_a1/shop')).status).toBe(200);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(shopsOf(s.calls)).toHaveLength(0);
    expect((await s.send('GET', '/loans/loan_a1/events')).json.events).toEqual([]);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.logger.lines).toEqual([
      {
        level: 'error',
        message:
          "insurance bff: no webhook has arrived for loan loan_a1 60 s after it was shopped (the service says its status is RC1_RATED). Last refused delivery: 2026-03-02T15:00:00.000Z, invalid signature (check `secret` (WEBHOOK_SECRET): the service signs with the partner's client secret (SERVICE_CLIENT_SECRET)). Last accepted delivery: none since this process started. Check that the service's webhook URL (registered with the service's support) points at this server's webhook receiver and that the service can reach it. The BFF read the outcome itself and passed it on to the borrower's page.",
        meta: { loanId: 'loan_a1' },
      },
    ]);
    expect(shopsOf(s.calls)).toEqual([
      {
        name: 'getShoppedLoan',
        options: { params: { loanId: 'loan_a1' }, priority: 'background' },
      },
    ]);
    const { events } = (await s.send('GET', '/loans/loan_a1/events')).json;
    expect(events).toHaveLength(1);
    expect(events[0].event).toMatchObject({ type: 'loan.shopped', loanId: 'loan_a1' });

    // Once per loan: nothing more, however long the page stays.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(s.logger.lines).toHaveLength(1);
    expect(shopsOf(s.calls)).toHaveLength(1);
    await s.bff.close();
  });

  it('without any refused delivery the line says so, and what to check', async () => {
    const s = setup();
    await s.send('PATCH', '/loans/loan_a1/shop');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.logger.lines.map((l) => l.message)).toEqual([
      "insurance bff: no webhook has arrived for loan loan_a1 60 s after it was shopped (the service says its status is RC1_RATED). Last refused delivery: none since this process started. Last accepted delivery: none since this process started. Check that the service's webhook URL (registered with the service's support) points at this server's webhook receiver and that the service can reach it. The BFF read the outcome itself and passed it on to the borrower's page.",
    ]);
    await s.bff.close();
  });

  it('a loan whose event came within the minute is left alone; only the other one is reported', async () => {
    const s = setup();
    await s.send('PATCH', '/loans/loan_a1/shop');
    await s.send('PATCH', '/loans/loan_a2/shop');
    await vi.advanceTimersByTimeAsync(40_000);
    await publishEvent(s.relay, 'loan.shopped', { loanId: 'loan_a1' });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(s.logger.lines.map((l) => l.meta)).toEqual([{ loanId: 'loan_a2' }]);
    expect(shopsOf(s.calls).map((c) => c.options.params)).toEqual([{ loanId: 'loan_a2' }]);
    await s.bff.close();
  });

  it("an event that overtakes the shop's own answer is not taken for a missing one", async () => {
    let relay: Parameters<typeof publishEvent>[0] | undefined;
    const s = setup({
      client: createRecordingClient(async (name, options) => {
        // Quoting so quick that its webhook is relayed before the shop's answer is read.
        if (name === 'shopLoan' && relay && options.params?.loanId === 'loan_a1') {
          await publishEvent(relay, 'loan.shopped', { loanId: 'loan_a1' });
        }
        return cannedResponder(name, options);
      }),
    });
    relay = s.relay;
    await s.send('PATCH', '/loans/loan_a1/shop');
    await s.send('PATCH', '/loans/loan_a2/shop');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(s.logger.lines.map((l) => l.meta)).toEqual([{ loanId: 'loan_a2' }]);
    expect(shopsOf(s.calls).map((c) => c.options.params)).toEqual([{ loanId: 'loan_a2' }]);
    await s.bff.close();
  });

  it('quoting still running at a minute: read again every 15 s until it ends, then the event', async () => {
    const statuses = ['RC1_RATING', 'RC1_RATING', 'RC1_RATED'];
    const s = setup({
      responder: (name, options) =>
        name === 'getShoppedLoan'
          ? { id: 'loan_a1', status: statuses.shift(), quotes: [] }
          : cannedResponder(name, options),
    });
    await s.send('PATCH', '/loans/loan_a1/shop');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.logger.lines.map((l) => l.message)).toEqual([
      expect.stringMatching(
        /^insurance bff: no webhook has arrived for loan loan_a1 60 s after it was shopped \(the service says its status is RC1_RATING\)\..* The BFF reads the outcome itself until quoting ends, and passes it on to the borrower's page\.$/,
      ),
    ]);
    expect((await s.send('GET', '/loans/loan_a1/events')).json.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(shopsOf(s.calls)).toHaveLength(2);
    expect((await s.send('GET', '/loans/loan_a1/events')).json.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(shopsOf(s.calls)).toHaveLength(3);
    expect((await s.send('GET', '/loans/loan_a1/events')).json.events).toHaveLength(1);
    expect(s.logger.lines).toHaveLength(1);
    await s.bff.close();
  });

  it('quoting that never ends: at most 4 reads, then a warning, and no made-up event', async () => {
    const s = setup({
      responder: (name, options) =>
        name === 'getShoppedLoan'
          ? { id: 'loan_a1', status: 'RC1_RATING', quotes: [] }
          : cannedResponder(name, options),
    });
    await s.send('PATCH', '/loans/loan_a1/shop');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(shopsOf(s.calls)).toHaveLength(4);
    expect(s.logger.lines.map((l) => [l.level, l.message])).toEqual([
      ['error', expect.stringContaining('no webhook has arrived for loan loan_a1 60 s')],
      [
        'warn',
        "insurance bff: quoting of loan loan_a1 has not ended 105 s after it was shopped, and no webhook came; the borrower's page stops waiting at its own time-out",
      ],
    ]);
    expect((await s.send('GET', '/loans/loan_a1/events')).json.events).toEqual([]);
    await s.bff.close();
  });

  it('quotingEventTimeoutMs sets the wait, and 0 turns the watch off', async () => {
    const sooner = setup({ quotingEventTimeoutMs: 30_000 });
    const off = setup({ quotingEventTimeoutMs: 0 });
    await sooner.send('PATCH', '/loans/loan_a1/shop');
    await off.send('PATCH', '/loans/loan_a1/shop');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sooner.logger.lines.map((l) => l.message)).toEqual([
      expect.stringContaining('no webhook has arrived for loan loan_a1 30 s after it was shopped'),
    ]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(off.logger.lines).toEqual([]);
    expect(shopsOf(off.calls)).toHaveLength(0);
    await sooner.bff.close();
  });

  it('closing the BFF stops its watches', async () => {
    const open = setup();
    const closed = setup();
    await open.send('PATCH', '/loans/loan_a1/shop');
    await closed.send('PATCH', '/loans/loan_a1/shop');
    await closed.bff.close();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(open.logger.lines).toHaveLength(1);
    expect(closed.logger.lines).toEqual([]);
    expect(shopsOf(closed.calls)).toHaveLength(0);
    await open.bff.close();
  });

  it('rejects a negative quotingEventTimeoutMs at start-up, naming it', () => {
    expect(() => setup({ quotingEventTimeoutMs: -1 })).toThrow(
      'createInsuranceBff: quotingEventTimeoutMs must be a positive number',
    );
  });
});
