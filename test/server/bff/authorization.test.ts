import { describe, expect, it } from 'vitest';
import type { InsuranceBffOptions } from '../../../src/server/bff/index.js';
import { createInsuranceBff } from '../../../src/server/bff/index.js';
import type { TestSession } from './helpers.js';
import { createRecordingClient, loanApplication, publishEvent, setup } from './helpers.js';

// Every BFF operation that names a loan, as a browser would call it.
const LOAN_ROUTES: Array<[string, string, unknown]> = [
  ['GET', '/loans/{id}', undefined],
  ['POST', '/loans/{id}/consent', { termsOfServiceId: 'tos-1' }],
  ['POST', '/loans/{id}/consent/tcpa', { termsOfServiceId: 'tos-1' }],
  ['GET', '/loans/{id}/consent/tcpa', undefined],
  ['POST', '/loans/{id}/consent/general', { termsOfServiceId: 'tos-1' }],
  ['PATCH', '/loans/{id}/shop', undefined],
  ['GET', '/loans/{id}/shop', undefined],
  ['GET', '/loans/{id}/display', undefined],
  ['POST', '/loans/{id}/quotes/q1/select', undefined],
  ['POST', '/loans/{id}/schedule-call', { scheduledAt: '2030-01-01T10:00:00Z' }],
  ['POST', '/loans/{id}/call-me-now', {}],
  ['PATCH', '/loans/{id}/retrieve', undefined],
  ['PATCH', '/loans/{id}/close', {}],
  ['PUT', '/loans/{id}/loan-contacts', []],
  ['PUT', '/loans/{id}/current-insurance', []],
  ['GET', '/loans/{id}/events', undefined],
];

describe('sessions and object-level authorization', () => {
  it.each(LOAN_ROUTES)(
    "B3: session A calling %s %s on session B's loan gets 404, no upstream call, an audit line",
    async (method, path, body) => {
      const { send, calls, logger } = setup();
      const res = await send(method, path.replace('{id}', 'loan_b1'), { body });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      expect(calls).toEqual([]);
      expect(logger.lines).toHaveLength(1);
      const line = logger.lines[0];
      expect(line?.level).toBe('warn');
      expect(line?.meta).toMatchObject({ reason: 'not_authorized', loanId: 'loan_b1' });
      // The audit line names no body, and not the raw session id (often the session token).
      expect(JSON.stringify(line)).not.toContain('tos-1');
      expect(JSON.stringify(line?.meta)).not.toContain('alice');
    },
  );

  it('B3: the refusal looks exactly like a loan that does not exist', async () => {
    const { send } = setup();
    const foreign = await send('GET', '/loans/loan_b1');
    const missing = await send('GET', '/loans/loan_nope');
    expect(foreign.status).toBe(missing.status);
    expect(foreign.text).toBe(missing.text);
  });

  it('B3: a policy is authorized through the loan its events named; an unknown or foreign policy is 404 without an upstream call', async () => {
    const { send, calls, relay, authorizeCalls } = setup();
    await publishEvent(relay, 'policy.bound', { policyId: 'pol_b', loanId: 'loan_b1' });
    await publishEvent(relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
    expect((await send('GET', '/policies/pol_b')).status).toBe(404);
    expect((await send('GET', '/policies/pol_unknown')).status).toBe(404);
    expect(calls).toEqual([]);
    expect((await send('GET', '/policies/pol_a')).status).toBe(200);
    expect(calls.map((c) => c.options.params)).toEqual([{ policyId: 'pol_a' }]);
    expect(authorizeCalls).toContainEqual({
      session: 'alice',
      operation: 'getPolicy',
      loanId: 'loan_a1',
      policyId: 'pol_a',
    });
  });

  it('B3: authorize is asked with the operation and loan before any upstream call, and only a true answer passes', async () => {
    for (const answer of [false, undefined, 1, 'yes', null]) {
      const client = createRecordingClient();
      const bff = createInsuranceBff<TestSession>({
        client,
        getSession: () => ({ id: 's', lender: 'L1' }),
        authorize: () => answer as boolean,
        logger: { warn() {}, error() {} },
      });
      const res = await bff.handler(
        new Request('https://portal.example/api/insurance/loans/loan_a1'),
      );
      expect(res.status).toBe(404);
      expect(client.calls).toEqual([]);
    }
  });

  it("B4: a lender L1 session asking for lender L2's loan gets 404; the only client ever used is L1's", async () => {
    const l1 = createRecordingClient(undefined, 'lender_L1');
    const l2 = createRecordingClient(undefined, 'lender_L2');
    const loansOf: Record<string, string[]> = { L1: ['loan_l1'], L2: ['loan_l2'] };
    const options = (lender: 'L1' | 'L2'): InsuranceBffOptions<TestSession> => ({
      client: lender === 'L1' ? l1 : l2,
      getSession: () => ({ id: `session_${lender}`, lender }),
      authorize: ({ session, loanId }) =>
        loanId === undefined || (!!loanId && (loansOf[session.lender] ?? []).includes(loanId)),
      logger: { warn() {}, error() {} },
    });
    const bffL1 = createInsuranceBff(options('L1'));
    const res = await bffL1.handler(
      new Request('https://portal.example/api/insurance/loans/loan_l2'),
    );
    expect(res.status).toBe(404);
    const ok = await bffL1.handler(
      new Request('https://portal.example/api/insurance/loans/loan_l1'),
    );
    expect(ok.status).toBe(200);
    expect(l1.calls.map((c) => c.options.params)).toEqual([{ loanId: 'loan_l1' }]);
    expect(l2.calls).toEqual([]);
  });

  it.each([
    ['no cookie', null],
    ['an unknown (expired) session', 'mallory'],
  ])(
    'B15: a request with %s gets 401 and no upstream call, before authorization',
    async (_name, session) => {
      const { send, calls, authorizeCalls } = setup();
      for (const [method, path, body] of [
        ['GET', '/loans/loan_a1', undefined],
        ['POST', '/loans', {}],
        ['GET', '/loans/loan_a1/events', undefined],
        ['PATCH', '/loans/loan_a1/shop', undefined],
      ] as const) {
        const res = await send(method, path, { body, session });
        expect(res.status).toBe(401);
        expect(res.json.error.code).toBe('unauthorized');
      }
      expect(calls).toEqual([]);
      expect(authorizeCalls).toEqual([]);
    },
  );

  it('B15: an async getSession resolving null is a 401 too; a throwing one is a 500 without details', async () => {
    const client = createRecordingClient();
    const bff = createInsuranceBff<TestSession>({
      client,
      getSession: async () => null,
      authorize: () => true,
      logger: { warn() {}, error() {} },
    });
    expect(
      (await bff.handler(new Request('https://portal.example/api/insurance/loans/l1'))).status,
    ).toBe(401);
    const throwing = createInsuranceBff<TestSession>({
      client,
      getSession: () => {
        throw new Error('session store down: redis://secret@host');
      },
      authorize: () => true,
      logger: { warn() {}, error() {} },
    });
    const res = await throwing.handler(
      new Request('https://portal.example/api/insurance/loans/l1'),
    );
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('redis');
    expect(client.calls).toEqual([]);
  });

  it('refuses to start without authorize or getSession (TypeError)', () => {
    const client = createRecordingClient();
    expect(() =>
      createInsuranceBff({
        client,
        getSession: () => null,
      } as unknown as InsuranceBffOptions<TestSession>),
    ).toThrow(TypeError);
    expect(() =>
      createInsuranceBff({
        client,
        authorize: () => true,
      } as unknown as InsuranceBffOptions<TestSession>),
    ).toThrow(TypeError);
    expect(() =>
      createInsuranceBff({
        getSession: () => null,
        authorize: () => true,
      } as unknown as InsuranceBffOptions<TestSession>),
    ).toThrow(TypeError);
    expect(() =>
      createInsuranceBff({
        client,
        getSession: () => null,
        authorize: () => true,
        maxBodyBytes: -1,
      }),
    ).toThrow(TypeError);
    expect(() =>
      createInsuranceBff({
        client,
        getSession: () => null,
        authorize: () => true,
        basePath: 'api?x=1',
      }),
    ).toThrow(TypeError);
  });

  it('submitting a loan asks authorize with the operation only, then binds the new loan to the session', async () => {
    const { send, authorizeCalls, owned } = setup();
    const res = await send('POST', '/loans', {
      body: loanApplication({ loanNumber: 'LN-9' }),
    });
    expect(res.status).toBe(201);
    expect(authorizeCalls).toEqual([{ session: 'alice', operation: 'submitLoanApplication' }]);
    expect(owned.get('alice')?.has('loan_new')).toBe(true);
    expect((await send('GET', '/loans/loan_new')).status).toBe(200);
    expect((await send('GET', '/loans/loan_new', { session: 'bob' })).status).toBe(404);
  });
});
