import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceError, TimeoutError } from '../../../src/server/index.js';
import { cannedResponder, setup } from './helpers.js';

const tcpa = { termsOfServiceId: 'tos-2026-01', phone: '207-555-0142' };

describe('advisor calls and TCPA consent', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('getTcpaConsent is answered from the store with no upstream call: not recorded, then the record', async () => {
    const { send, calls, store } = setup();
    const before = await send('GET', '/loans/loan_a1/consent/tcpa');
    expect(before.status).toBe(200);
    expect(before.json).toEqual({ recorded: false, consent: null });
    expect(calls).toEqual([]);

    const recorded = await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    expect(recorded.status).toBe(200);
    const after = await send('GET', '/loans/loan_a1/consent/tcpa');
    expect(after.json).toEqual({
      recorded: true,
      consent: {
        consent: true,
        consentDateTime: '2026-03-02T15:00:00',
        id: 'loan_a1',
        termsOfServiceId: 'tos-2026-01',
      },
    });
    expect(calls.map((c) => c.name)).toEqual(['recordTcpaConsent']);
    expect(await store.get('lir:tcpa:loan_a1')).not.toBeNull();
    // Another loan has its own record.
    expect((await send('GET', '/loans/loan_a2/consent/tcpa')).json.recorded).toBe(false);
  });

  it('the TCPA record is kept 400 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send } = setup();
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    vi.setSystemTime(Date.now() + 399 * 24 * 3600 * 1000);
    expect((await send('GET', '/loans/loan_a1/consent/tcpa')).json.recorded).toBe(true);
    vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
    expect((await send('GET', '/loans/loan_a1/consent/tcpa')).json.recorded).toBe(false);
  });

  it.each([
    ['schedule call', '/loans/loan_a1/schedule-call', { scheduledAt: '2030-01-01T10:00:00Z' }],
    ['call me now', '/loans/loan_a1/call-me-now', {}],
  ])(
    '%s without a recorded TCPA consent answers 409 consent_required (tcpa) and calls nothing',
    async (_n, path, body) => {
      const { send, calls } = setup();
      // General consent is not TCPA consent.
      await send('POST', '/loans/loan_a1/consent/general', { body: tcpa });
      const res = await send('POST', path, { body });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({
        error: { code: 'consent_required', consent: 'tcpa', message: expect.any(String) },
      });
      expect(calls.map((c) => c.name)).toEqual(['recordGeneralConsent']);
    },
  );

  it('with TCPA consent recorded, schedule call and call me now go through with the loan id from the path', async () => {
    const { send, calls } = setup();
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    const scheduled = await send('POST', '/loans/loan_a1/schedule-call', {
      body: { scheduledAt: '2030-01-01T10:00:00Z', notes: ' mornings ' },
    });
    expect(scheduled.status).toBe(200);
    const now = await send('POST', '/loans/loan_a1/call-me-now', {
      body: { phone: '207-555-0142' },
    });
    expect(now.status).toBe(200);
    expect(calls.slice(1).map((c) => [c.name, c.options.body])).toEqual([
      ['scheduleCall', { id: 'loan_a1', scheduledAt: '2030-01-01T10:00:00Z', notes: 'mornings' }],
      ['callMeNow', { id: 'loan_a1', phone: '207-555-0142' }],
    ]);
  });

  it('a refused TCPA consent (consent: false) does not open the gate', async () => {
    const { send, calls } = setup({
      responder: (name, options) =>
        name === 'recordTcpaConsent'
          ? {
              consent: false,
              consentDateTime: '2026-03-02T15:00:00',
              id: 'loan_a1',
              termsOfServiceId: 't',
            }
          : cannedResponder(name, options),
    });
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    expect((await send('GET', '/loans/loan_a1/consent/tcpa')).json.recorded).toBe(false);
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(409);
    expect(calls).toHaveLength(1);
  });

  it('B19: five call me now for one loan within a minute: the first is forwarded, the rest get 429 with Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send, calls } = setup();
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    await send('POST', '/loans/loan_a2/consent/tcpa', { body: tcpa });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send('POST', '/loans/loan_a1/call-me-now', { body: {} });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
        expect(res.json.error.code).toBe('rate_limited');
      }
      vi.setSystemTime(Date.now() + 10_000);
    }
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    // Another loan is not throttled by this one.
    expect((await send('POST', '/loans/loan_a2/call-me-now', { body: {} })).status).toBe(200);
    expect(calls.filter((c) => c.name === 'callMeNow')).toHaveLength(2);
    // After the window, one more is allowed.
    vi.setSystemTime(Date.now() + 60_000);
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(200);
  });

  it('B19: a call me now the service refused (4xx) does not use up the window; one that timed out does', async () => {
    const failures: unknown[] = [
      new ServiceError(409, 'loan_closed', 'The loan application is closed'),
      new TimeoutError(),
    ];
    const { send, calls } = setup({
      responder: (name, options) => {
        if (name === 'callMeNow' && failures.length > 0) throw failures.shift();
        return cannedResponder(name, options);
      },
    });
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(409);
    // The advisor may have been asked before the timeout: the window holds.
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(504);
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(429);
    expect(calls.filter((c) => c.name === 'callMeNow')).toHaveLength(2);
  });

  it('B19: the throttle window is configurable', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { send } = setup({ callMeNowThrottleMs: 5_000 });
    await send('POST', '/loans/loan_a1/consent/tcpa', { body: tcpa });
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(200);
    const limited = await send('POST', '/loans/loan_a1/call-me-now', { body: {} });
    expect(limited.headers.get('retry-after')).toBe('5');
    vi.setSystemTime(Date.now() + 5_001);
    expect((await send('POST', '/loans/loan_a1/call-me-now', { body: {} })).status).toBe(200);
  });
});
