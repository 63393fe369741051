import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceOperationName } from '../../../src/core/operations.js';
import { operations } from '../../../src/core/operations.js';
import type { PathParams } from '../../../src/core/paths.js';
import { buildPath } from '../../../src/core/paths.js';
import type { WebhookEvent } from '../../../src/core/schemas/webhookEvent.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type {
  WebhookEventContext,
  WebhookHandlerOptions,
} from '../../../src/server/webhooks/createWebhookHandler.js';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';
import type {
  SandboxService,
  SandboxServiceOptions,
  WebhookTarget,
} from '../../../src/testing/index.js';
import {
  createLoanApplicationFixture,
  createSandboxService,
  SANDBOX_DEFAULTS,
} from '../../../src/testing/index.js';
import { HOUR } from './webhookHarness.js';

const CREDENTIALS = { username: 'hook_user', password: 'hook_pass' };
const URL_ = 'https://lender.example/webhooks/insurance';
let running: SandboxService | undefined;

afterEach(() => {
  running?.dispose();
});

/**
 * A manual-clock sandbox whose webhook deliveries go straight into our handler (real signing,
 * real bytes, no network), the handler and its store on the sandbox's clock.
 */
function start(
  target: WebhookTarget,
  options: Partial<WebhookHandlerOptions> = {},
  sandboxOptions: Partial<SandboxServiceOptions> = {},
) {
  let now = () => 0;
  const store = createMemoryStore({ now: () => now() });
  const relay = createEventRelay({ store });
  const onEvent = vi.fn<(event: WebhookEvent, context: WebhookEventContext) => void>();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const webhooks = createWebhookHandler({
    secret: SANDBOX_DEFAULTS.clientSecret,
    store,
    relay,
    onEvent,
    logger,
    now: () => now(),
    ...options,
  });
  const sandbox = createSandboxService({
    clock: 'manual',
    quoteDelayMs: 30_000,
    fetch: (input, init) => webhooks.handler(new Request(input, init)),
    ...sandboxOptions,
  });
  running = sandbox;
  now = sandbox.clock.now;
  sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, target);
  return { sandbox, relay, onEvent, logger };
}

async function call(
  s: SandboxService,
  name: ServiceOperationName,
  params: PathParams,
  token?: string,
  body?: unknown,
) {
  const { method, path } = operations[name].upstream;
  const response = await s.fetch(`http://sandbox.test${s.basePath}${buildPath(path, params)}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

/** Submit, consent and shop a loan; the sandbox emits loan.shopped once quoting is over. */
async function shopLoan(s: SandboxService, externalId?: string): Promise<string> {
  const { access_token: token } = await call(s, 'createToken', {}, undefined, {
    client_id: SANDBOX_DEFAULTS.clientId,
    client_secret: SANDBOX_DEFAULTS.clientSecret,
  });
  const input = createLoanApplicationFixture(externalId === undefined ? {} : { externalId });
  const loan = await call(s, 'submitLoanApplication', {}, token, input);
  await call(s, 'recordConsent', {}, token, { id: loan.id, termsOfServiceId: 'tos-1' });
  await call(s, 'shopLoan', { loanId: loan.id }, token);
  return loan.id;
}

describe('end to end with the sandbox as the service', () => {
  it('W2: a shopped loan reaches onEvent once as loan.shopped and the relay has it for the loan', async () => {
    const { sandbox, relay, onEvent, logger } = start(
      { url: URL_, ...CREDENTIALS },
      { basicAuth: CREDENTIALS },
    );
    const loanId = await shopLoan(sandbox);
    expect(onEvent).not.toHaveBeenCalled();

    await sandbox.advance(30_000);
    expect(onEvent).toHaveBeenCalledTimes(1);
    const event = onEvent.mock.calls[0]?.[0];
    expect(event).toMatchObject({
      type: 'loan.shopped',
      objectType: 'loan',
      data: { loanId, partnerId: SANDBOX_DEFAULTS.partnerId },
    });
    expect((await relay.read(loanId, null)).map((r) => r.event)).toEqual([
      { id: event?.id, type: 'loan.shopped', occurredAt: event?.occurredAt, loanId },
    ]);
    expect(sandbox.deliveries.map((d) => [d.ok, d.status])).toEqual([[true, 200]]);

    // Acknowledged, so the service never retries: a day later nothing more has arrived.
    await sandbox.advance(24 * HOUR);
    expect(sandbox.deliveries).toHaveLength(1);
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
    // At the default headerPrefix ('auto'), the prefix the sandbox signs under is said once.
    expect(logger.info.mock.calls.map(([, meta]) => meta)).toEqual([{ prefix: 'X-Service' }]);
  });

  it('W42: at the defaults, the sandbox signing under X-Acme-Signature-1 has loan.shopped accepted, with X-Acme-Partner-Id handed to onEvent as unsigned information', async () => {
    const { sandbox, relay, onEvent, logger } = start(
      { url: URL_ },
      {},
      { webhookHeaderPrefix: 'X-Acme' },
    );
    const loanId = await shopLoan(sandbox, 'CRM-ACME-1');
    await sandbox.advance(30_000);
    expect(sandbox.deliveries.map((d) => [d.ok, d.status])).toEqual([[true, 200]]);
    expect(onEvent).toHaveBeenCalledTimes(1);
    const [event, context] = onEvent.mock.calls[0] ?? [];
    expect(event?.type).toBe('loan.shopped');
    expect(context).toEqual({
      loanId,
      headers: {
        prefix: 'X-Acme',
        partnerId: SANDBOX_DEFAULTS.partnerId,
        externalId: 'CRM-ACME-1',
      },
    });
    expect(await relay.read(loanId, null)).toHaveLength(1);
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith(
      "webhook: deliveries are signed under X-Acme (X-Acme-Signature-1, headerPrefix 'auto'); set headerPrefix: 'X-Acme' (WEBHOOK_HEADER_PREFIX) to pin it",
      { prefix: 'X-Acme' },
    );
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("W18: when processing fails, the sandbox's retry 4 h later is processed, and relayed only once", async () => {
    const { sandbox, relay, onEvent } = start({ url: URL_ });
    onEvent.mockImplementationOnce(() => {
      throw new Error('database down');
    });
    const loanId = await shopLoan(sandbox);
    await sandbox.advance(30_000);
    expect(sandbox.deliveries.map((d) => d.status)).toEqual([500]);
    await sandbox.advance(4 * HOUR);
    expect(sandbox.deliveries.map((d) => d.status)).toEqual([500, 200]);
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect(await relay.read(loanId, null)).toHaveLength(1);
  });

  it('W22: with basic auth configured, deliveries without the registered credentials are refused', async () => {
    const { sandbox, onEvent } = start({ url: URL_ }, { basicAuth: CREDENTIALS });
    await shopLoan(sandbox);
    await sandbox.advance(30_000);
    expect(sandbox.deliveries.map((d) => d.status)).toEqual([401]);
    expect(onEvent).not.toHaveBeenCalled();
  });
});
