import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEnvelope } from '../../src/core/schemas/webhookEvent.js';
import { createSandboxClock } from '../../src/testing/sandbox/createSandboxClock.js';
import { createWebhookDispatcher } from '../../src/testing/sandbox/createWebhookDispatcher.js';
import { createHarness, HOUR } from './sandbox/harness.js';

const event: WebhookEnvelope = {
  id: 'evt_0001',
  type: 'loan.shopped',
  objectType: 'loan',
  occurredAt: '2026-01-01T00:00:00Z',
  data: { loanId: 'ln_1', partnerId: 'partner_1', platformId: null },
};
const SECRET = 'client-secret-not-in-any-line';

/** A dispatcher whose receiver answers every attempt with `answer`, reporting to a spy. */
function dispatcherAnswering(answer: () => Promise<Response>, retryWindowMs?: number) {
  const warn = vi.fn();
  const dispatcher = createWebhookDispatcher({
    clock: createSandboxClock({ auto: false, start: Date.UTC(2026, 0, 1) }),
    fetch: answer as typeof fetch,
    logger: { warn },
    ...(retryWindowMs === undefined ? {} : { retryWindowMs }),
  });
  dispatcher.dispatch({
    target: {
      url: 'https://user:pw@receiver.example/hooks?token=abc',
      username: 'u',
      password: 'p',
    },
    secret: SECRET,
    event,
    partnerId: 'partner_1',
  });
  return { dispatcher, warn };
}

const PREFIX =
  'sandbox: webhook delivery of evt_0001 (loan.shopped) to https://receiver.example/hooks failed, attempt 1: ';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the sandbox says why a receiver refused a delivery', () => {
  it.each([
    [
      401,
      "refused with 401: the receiver's secret or basic auth differ from this sandbox client's secret (the webhook signing key, --client-secret) or its registered webhook credentials (--webhook-username, --webhook-password)",
    ],
    [
      403,
      'refused with 403: the receiver, or a proxy in front of it, does not let the sandbox in: check its basic auth and access rules',
    ],
    [
      404,
      'refused with 404: nothing answers at that path: check the webhook URL (--webhook-url) against the route the receiver is mounted on',
    ],
    [500, "the receiver failed with 500: see the receiver's log"],
    [400, "refused with 400: the receiver did not take the event: see the receiver's log"],
  ])('a %i names the URL, the status and what it usually means', async (status, meaning) => {
    const { dispatcher, warn } = dispatcherAnswering(async () => new Response(null, { status }));
    await dispatcher.settle();
    expect(warn.mock.calls).toEqual([
      [
        `${PREFIX}${meaning}; it is tried again in 4 h`,
        { eventId: 'evt_0001', url: 'https://receiver.example/hooks', attempt: 1, status },
      ],
    ]);
    // Neither the secret, the basic-auth password nor the URL's credentials or query.
    const logged = JSON.stringify(warn.mock.calls);
    for (const leak of [SECRET, 'token=abc', 'user:pw', '"p"']) expect(logged).not.toContain(leak);
  });

  it('a refused connection asks whether the receiver runs at that host and port', async () => {
    const { dispatcher, warn } = dispatcherAnswering(() =>
      Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })),
    );
    await dispatcher.settle();
    expect(warn.mock.calls[0]?.[0]).toBe(
      `${PREFIX}could not connect: is the receiver running, at that host and port?; it is tried again in 4 h`,
    );
  });

  it('a redirect says the service does not follow it', async () => {
    const { dispatcher, warn } = dispatcherAnswering(
      async () => new Response(null, { status: 301, headers: { Location: 'https://x.example/' } }),
    );
    await dispatcher.settle();
    expect(warn.mock.calls[0]?.[0]).toBe(
      `${PREFIX}the receiver answered with a redirect (301), which the service does not follow: register the final URL (https rather than http, with or without the trailing slash); it is tried again in 4 h`,
    );
  });

  it('the last try of the window says no more are left', async () => {
    const { dispatcher, warn } = dispatcherAnswering(
      async () => new Response(null, { status: 500 }),
      HOUR,
    );
    await dispatcher.settle();
    expect(warn.mock.calls[0]?.[0]).toMatch(/attempt 1: .*; no more tries are left$/);
  });

  it('an in-process sandbox says nothing unless given a logger; with one, each refusal (and no success) is reported', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const quiet = await createHarness();
    quiet.answerWebhooks(401);
    await quiet.ratedLoan();
    expect(quiet.sandbox.deliveries).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();

    const logger = { warn: vi.fn() };
    const told = await createHarness({ sandbox: { logger } });
    await told.ratedLoan();
    expect(told.received).toHaveLength(1);
    expect(logger.warn).not.toHaveBeenCalled();
    told.answerWebhooks(401);
    await told.ratedLoan();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(
      /^sandbox: webhook delivery of evt_\w+ \(loan\.shopped\) to https:\/\/lender\.example\/webhooks\/insurance failed, attempt 1: refused with 401: /,
    );
  });
});
