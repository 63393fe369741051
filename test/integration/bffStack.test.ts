import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoanApplicationFixture } from '../../src/testing/createLoanApplicationFixture.js';
import type { Stack } from '../support/startStack.js';
import { API, SESSION_HEADER, startStack } from '../support/startStack.js';

// The server side over real HTTP on 127.0.0.1: a browser talks to the BFF, the BFF to the
// sandbox with the client secret, the sandbox signs webhooks to the receiver, and events come
// back to the browser as server-sent events.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ recordUpstream: true });
});
afterAll(async () => {
  await stack?.close();
});

/** Reads server-sent events from the BFF until `done` says stop. */
async function readEvents(session: string, loanId: string, done: (types: string[]) => boolean) {
  const controller = new AbortController();
  const res = await fetch(`${stack.origin}${API}/loans/${loanId}/events`, {
    headers: { [SESSION_HEADER]: session, Accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ id: string; type: string; data: Record<string, string> }> = [];
  const deadline = Date.now() + 10_000;
  while (!done(events.map((e) => e.type)) && Date.now() < deadline) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    let split = buffer.indexOf('\n\n');
    while (split >= 0) {
      const frame = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const field = (name: string) => frame.match(new RegExp(`^${name}: ?(.*)$`, 'm'))?.[1];
      const data = field('data');
      if (data)
        events.push({ id: field('id') ?? '', type: field('event') ?? '', data: JSON.parse(data) });
      split = buffer.indexOf('\n\n');
    }
  }
  controller.abort();
  return events;
}

describe('the BFF, the webhook receiver and the sandbox over HTTP', () => {
  it('walks the shopping flow: submit, consent, shop, loan.shopped pushed, quotes, select, TCPA, calls, bound policy and its document', async () => {
    const borrower = stack.browser('session-a');
    const input = createLoanApplicationFixture({
      loanNumber: 'IT-1',
      primaryBorrower: { firstName: 'Bind_policy', lastName: 'Flood' },
    });
    const created = await borrower.call('POST', '/loans', input);
    expect(created.status).toBe(201);
    const loanId: string = created.json.id;

    expect(
      (await borrower.call('POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' }))
        .status,
    ).toBe(200);
    // Webhooks are delivered concurrently, so the three events may arrive in any order.
    const eventsDone = readEvents('session-a', loanId, (types) => types.length === 3);
    const shop = await borrower.call('PATCH', `/loans/${loanId}/shop`);
    // A 2xx means quoting started, whatever status the answer echoes; the events tell the rest.
    expect(shop.status).toBe(200);

    const events = await eventsDone;
    expect(events.map((e) => e.type).sort()).toEqual([
      'loan.shopped',
      'policy.bound',
      'policy.bound',
    ]);
    expect(events.every((e) => e.data.loanId === loanId)).toBe(true);

    const display = await borrower.call('GET', `/loans/${loanId}/display`);
    expect(display.json.status).toBe('RC1_RATED');
    expect(display.json.quotes).toHaveLength(3);
    const quoteId: string = display.json.quotes[0].id;
    const selected = await borrower.call('POST', `/loans/${loanId}/quotes/${quoteId}/select`);
    expect(selected.json).toEqual({ quoteId, success: true });

    const refused = await borrower.call('POST', `/loans/${loanId}/call-me-now`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'consent_required', consent: 'tcpa' });
    expect(
      (await borrower.call('POST', `/loans/${loanId}/consent/tcpa`, { termsOfServiceId: 'tcpa-1' }))
        .status,
    ).toBe(200);
    expect((await borrower.call('GET', `/loans/${loanId}/consent/tcpa`)).json.recorded).toBe(true);
    const scheduledAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    expect(
      (await borrower.call('POST', `/loans/${loanId}/schedule-call`, { scheduledAt })).json.success,
    ).toBe(true);
    expect((await borrower.call('POST', `/loans/${loanId}/call-me-now`, {})).json.success).toBe(
      true,
    );
    expect(stack.sandbox.tasks.filter((t) => t.loanId === loanId).map((t) => t.kind)).toEqual([
      'scheduled',
      'now',
    ]);

    const policyId = events.find((e) => e.type === 'policy.bound')?.data.policyId as string;
    const policy = await borrower.call('GET', `/policies/${policyId}`);
    expect(policy.status).toBe(200);
    expect(policy.headers.get('cache-control')).toBe('no-store');
    const url: string = policy.json.documents[0].url;
    // From the sandbox's asset origin (its second port), as production's come from a CDN.
    expect(url.startsWith(`${stack.sandboxServer.assetOrigin}/sandbox/documents/`)).toBe(true);
    const pdf = await fetch(url);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });

  it('walks the retrieval flow: initiate, the borrower signs in on the hosted page, policy.retrieved pushed, the policy read', async () => {
    const borrower = stack.browser('session-r');
    const created = await borrower.call(
      'POST',
      '/loans',
      createLoanApplicationFixture({ loanNumber: 'IT-2' }),
    );
    const loanId: string = created.json.id;
    const retrieval = await borrower.call('PATCH', `/loans/${loanId}/retrieve`);
    expect(retrieval.status).toBe(200);
    const eventsDone = readEvents('session-r', loanId, (types) => types.length === 2);
    const form = await fetch(retrieval.json.retrievalUrl, {
      method: 'POST',
      body: new URLSearchParams({
        carrier: 'Keystone Home',
        username: 'user_good_flood',
        password: 'sandbox_password',
      }),
    });
    expect(form.status).toBe(200);
    const events = await eventsDone;
    expect(events.map((e) => e.type)).toEqual(['policy.retrieved', 'policy.retrieved']);
    const types = [];
    for (const e of events)
      types.push((await borrower.call('GET', `/policies/${e.data.policyId}`)).json.policyType);
    expect(types.sort()).toEqual(['FLOOD', 'HO3']);
  });

  it("keeps one session out of another's loan and policy: 404 with no upstream call", async () => {
    const owner = stack.browser('session-owner');
    const created = await owner.call(
      'POST',
      '/loans',
      createLoanApplicationFixture({ loanNumber: 'IT-3' }),
    );
    const loanId: string = created.json.id;
    const before = stack.upstream.length;
    const intruder = stack.browser('session-intruder');
    expect((await intruder.call('GET', `/loans/${loanId}`)).status).toBe(404);
    expect((await intruder.call('PATCH', `/loans/${loanId}/shop`)).status).toBe(404);
    expect(stack.upstream.length).toBe(before);
  });

  it('never lets browser credentials or routing headers reach the service, and the service only ever sees the server token', async () => {
    const borrower = stack.browser('session-h');
    await borrower.call('POST', '/loans', createLoanApplicationFixture({ loanNumber: 'IT-4' }), {
      Authorization: 'Bearer browser-token',
      Cookie: 'sid=browser',
      'X-Forwarded-For': '203.0.113.9',
      'X-Partner-Id': 'other-lender',
    });
    const submitted = stack.upstream
      .filter((r) => r.method === 'POST' && r.path === '/lenders/v1/loans')
      .at(-1);
    expect(submitted).toBeDefined();
    const headers = submitted?.headers ?? {};
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers['x-partner-id']).toBeUndefined();
    expect(headers[SESSION_HEADER]).toBeUndefined();
    expect(headers.authorization).toMatch(/^Bearer eyJ/);
    expect(headers.authorization).not.toContain('browser-token');
  });

  it('answers many tabs reading one loan with no upstream read: the loan its submit answered is kept', async () => {
    const borrower = stack.browser('session-tabs');
    const created = await borrower.call(
      'POST',
      '/loans',
      createLoanApplicationFixture({ loanNumber: 'IT-5' }),
    );
    const loanId: string = created.json.id;
    const reads = () =>
      stack.upstream.filter((r) => r.method === 'GET' && r.path === `/lenders/v1/loans/${loanId}`)
        .length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => borrower.call('GET', `/loans/${loanId}`)),
    );
    expect(results.every((r) => r.status === 200 && r.json.id === loanId)).toBe(true);
    // Concurrent reads that do reach the service share one call (test/server/bff/loanCache).
    expect(reads()).toBe(0);
  });
});
