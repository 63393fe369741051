import { describe, expect, it, vi } from 'vitest';
import {
  shoppedAndBound,
  stackPerTest,
  submitBindingLoan,
  twoDeliveries,
} from '../support/stackFlow.js';
import type { Stack } from '../support/startStack.js';

// The whole flow over real HTTP on 127.0.0.1 with the service's webhook headers spelled with a
// vendor's name (X-Acme-Signature-1, X-Acme-Partner-Id, ...) instead of the spec's X-Service-*:
// the sandbox signs under that prefix, and the receiver is left at its defaults ('auto'),
// pinned to it, or pinned to another one.

const PREFIX = 'X-Acme';
const HINT =
  "webhook: deliveries are signed in X-Acme-Signature-1 but the receiver expects X-Service-Signature-1; set headerPrefix: 'X-Acme'";

const startStack = stackPerTest();

/** Submits a loan that binds a policy, records consent and shops it, as a borrower would. */
async function shopBindingLoan(s: Stack, session: string, loanNumber: string) {
  const borrower = s.browser(session);
  const created = await submitBindingLoan(borrower, loanNumber, { lastName: 'Acme' });
  expect(created.status).toBe(201);
  const loanId: string = created.json.id;
  const consent = await borrower.call('POST', `/loans/${loanId}/consent`, {
    termsOfServiceId: 'tos-1',
  });
  expect(consent.status).toBe(200);
  const shop = await borrower.call('PATCH', `/loans/${loanId}/shop`);
  expect(shop.status).toBe(200);
  return { borrower, loanId };
}

describe('webhook headers under a vendor prefix, end to end', () => {
  it('W42: at the defaults, a delivery signed under X-Acme-Signature-1 is accepted: loan.shopped and policy.bound reach the BFF, the loan is rated and the policy readable', async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    // No headerPrefix: the receiver as a host gets it without setting anything.
    const s = await startStack({
      sandbox: { webhookHeaderPrefix: PREFIX },
      webhooks: { logger },
    });
    const { borrower, loanId } = await shopBindingLoan(s, 'session-auto', 'ACME-AUTO-1');

    const events = await shoppedAndBound(borrower, loanId);
    const attempts = await twoDeliveries(s);
    expect(attempts.every((attempt) => attempt.ok && attempt.status === 200)).toBe(true);
    expect(s.processed.map((event) => event.type).sort()).toEqual(['loan.shopped', 'policy.bound']);
    // The prefix is said once, with how to pin it; nothing is wrong, so no warning or error.
    expect(logger.info.mock.calls).toEqual([
      [
        "webhook: deliveries are signed under X-Acme (X-Acme-Signature-1, headerPrefix 'auto'); set headerPrefix: 'X-Acme' (WEBHOOK_HEADER_PREFIX) to pin it",
        { prefix: PREFIX },
      ],
    ]);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();

    const loan = await borrower.call('GET', `/loans/${loanId}`);
    expect(loan.json.status).toBe('RC1_RATED');
    const policyId = events.find((e) => e.event.type === 'policy.bound')?.event.policyId;
    const policy = await borrower.call('GET', `/policies/${policyId}`);
    expect(policy.status).toBe(200);
    expect(policy.json.id).toBe(policyId);
  });

  it('W43: at the defaults, over HTTP, a delivery with two disagreeing signature headers is refused 401 conflicting_signatures, and a forged one under another prefix 401 Invalid signature', async () => {
    const s = await startStack({ sandbox: { webhookHeaderPrefix: PREFIX } });
    const webhookUrl = `${s.origin}/webhooks/insurance`;
    const body = JSON.stringify({
      id: 'evt_forged_1',
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date().toISOString(),
      data: { loanId: 'ln_forged', partnerId: 'ptn_forged' },
    });
    const post = async (headers: Record<string, string>) => {
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      });
      return { status: answer.status, body: await answer.json() };
    };
    expect(
      await post({ 'X-Acme-Signature-1': 'ab'.repeat(32), 'X-Evil-Signature-1': 'cd'.repeat(32) }),
    ).toEqual({
      status: 401,
      body: {
        error: {
          code: 'conflicting_signatures',
          message:
            'Conflicting signatures: the delivery carries several X-*-Signature-1 headers with different values',
        },
      },
    });
    expect(await post({ 'X-Evil-Signature-1': 'ab'.repeat(32) })).toEqual({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Invalid signature' } },
    });
    expect(s.processed).toEqual([]);
  });

  it('W39: with the sandbox and the receiver both on X-Acme, loan.shopped is accepted, the BFF shows the loan rated and the bound policy is readable', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const s = await startStack({
      sandbox: { webhookHeaderPrefix: PREFIX },
      webhooks: { headerPrefix: PREFIX, logger },
    });
    const { borrower, loanId } = await shopBindingLoan(s, 'session-acme', 'ACME-1');

    const events = await shoppedAndBound(borrower, loanId);

    // The deliveries were signed in X-Acme-Signature-1, and each one was acknowledged.
    const ours = await twoDeliveries(s);
    expect(ours.every((attempt) => attempt.ok && attempt.status === 200)).toBe(true);
    expect(s.processed.map((event) => event.type)).toContain('loan.shopped');
    expect(logger.warn).not.toHaveBeenCalled();

    const loan = await borrower.call('GET', `/loans/${loanId}`);
    expect(loan.status).toBe(200);
    expect(loan.json.status).toBe('RC1_RATED');

    const policyId = events.find((e) => e.event.type === 'policy.bound')?.event.policyId;
    expect(policyId).toEqual(expect.any(String));
    const policy = await borrower.call('GET', `/policies/${policyId}`);
    expect(policy.status).toBe(200);
    expect(policy.json.id).toBe(policyId);
  });

  it('W39: with the receiver pinned to X-Service, every delivery is refused 401 with the prefix to set, and the hint is logged once', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const sandboxLogger = { warn: vi.fn() };
    const s = await startStack({
      sandbox: { webhookHeaderPrefix: PREFIX, logger: sandboxLogger },
      webhooks: { headerPrefix: 'X-Service', logger },
    });
    const { borrower, loanId } = await shopBindingLoan(s, 'session-default', 'ACME-2');

    // loan.shopped and policy.bound (Bind_policy), each refused; the service retries them later.
    const refused = await twoDeliveries(s, 'both deliveries refused');
    expect(refused.every((attempt) => !attempt.ok && attempt.status === 401)).toBe(true);
    expect(new Set(refused.map((attempt) => attempt.eventId))).toEqual(
      new Set(s.sandbox.events.map((event) => event.id)),
    );
    expect(s.sandbox.events.map((event) => event.type).sort()).toEqual([
      'loan.shopped',
      'policy.bound',
    ]);
    expect(s.processed).toEqual([]);
    expect((await borrower.call('GET', `/loans/${loanId}/events?after=`)).json.events).toEqual([]);
    // The service side (the sandbox) says why its deliveries fail too.
    expect(sandboxLogger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/refused with 401: the receiver's secret or basic auth differ/),
      expect.objectContaining({ status: 401 }),
    );

    // Flooded or not, the hint is one line (a minute's worth), naming the prefix and not the
    // signature.
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(HINT, {
      foundPrefix: PREFIX,
      expectedPrefix: 'X-Service',
    });
    expect(JSON.stringify(logger.warn.mock.calls)).not.toMatch(/[0-9a-f]{64}/);

    // What the service is told: the 401 body names the prefix too.
    const webhookUrl = `${s.origin}/webhooks/insurance`;
    const answer = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Acme-Signature-1': 'ab'.repeat(32) },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      error: {
        code: 'unauthorized',
        message:
          "Missing signature: the delivery is signed in X-Acme-Signature-1 but this receiver expects X-Service-Signature-1; set headerPrefix: 'X-Acme'",
      },
    });
  });
});
