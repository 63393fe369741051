import { afterEach, describe, expect, it, vi } from 'vitest';
import { BFF_DEFAULTS } from '../../../src/server/index.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import { loanApplication, SSE, setup, sseReader } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

const tcpa = { termsOfServiceId: 'tcpa-v1' };
const from = (address: string) => ({ headers: { 'X-Client-Address': address } });

describe('one client cannot starve the others', () => {
  it('B31: sessions sharing a fairness key share one share of the rate budget; other clients are still served', async () => {
    const sessions = ['alice', 'bob', 'carol'];
    const { send, calls, owned } = setup({
      fairnessKey: ({ request }) => request.headers.get('x-client-address') ?? 'unknown',
      fairShare: { limit: 4, windowMs: 60_000 },
    });
    for (const s of sessions) owned.get(s)?.add('loan_shared');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const session = sessions[i % sessions.length] as string;
      const res = await send('PATCH', '/loans/loan_shared/shop', {
        session,
        ...from('203.0.113.9'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const other = await send('PATCH', '/loans/loan_shared/shop', {
      session: 'carol',
      ...from('198.51.100.7'),
    });
    expect(other.status).toBe(200);
    expect(calls.filter((c) => c.name === 'shopLoan')).toHaveLength(5);
  });

  it('B31: the default share is per session, 20 per 60 s; fairShare replaces sessionRateLimit, and both at once is a mistake', () => {
    expect(BFF_DEFAULTS.fairShare).toEqual({ limit: 20, windowMs: 60_000 });
    expect(() =>
      setup({
        fairShare: { limit: 1, windowMs: 1_000 },
        sessionRateLimit: { limit: 1, windowMs: 1_000 },
      }),
    ).toThrow(/fairShare or its old name sessionRateLimit/);
  });

  it('B32: a session holds at most sessionLimits.streams event streams; another session is unaffected', async () => {
    const { raw } = setup({ sessionLimits: { streams: 2 } });
    const open = async (session: string) =>
      raw('GET', `/loans/${session === 'bob' ? 'loan_b1' : 'loan_a1'}/events`, {
        session,
        headers: SSE,
      });
    const first = sseReader(await open('alice'));
    await first.until((t) => t.includes('retry'));
    await open('alice');
    const third = await open('alice');
    expect(third.status).toBe(429);
    expect((await third.json()).error.code).toBe('too_many_streams');
    expect(third.headers.get('retry-after')).toBe('30');
    expect((await open('bob')).status).toBe(200);
    await first.cancel();
    expect((await open('alice')).status).toBe(200);
  });

  it('B32: a session may use at most sessionLimits.idempotencyKeys new keys a day; replays of known keys still answer', async () => {
    const { send, calls } = setup({ sessionLimits: { idempotencyKeys: 2 } });
    const consent = (k: string) =>
      send('POST', '/loans/loan_a1/consent', { body: tcpa, headers: { 'Idempotency-Key': k } });
    expect((await consent('k1')).status).toBe(200);
    expect((await consent('k2')).status).toBe(200);
    const third = await consent('k3');
    expect(third.status).toBe(429);
    // The key window is a day; a browser is told to come back within the hour at most.
    expect(third.headers.get('retry-after')).toBe('3600');
    expect((await consent('k1')).headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toHaveLength(2);
  });

  it('B32: every write counts against sessionLimits.writes, not only rate-limited ones; reads do not', async () => {
    const { send, calls } = setup({ sessionLimits: { writes: { limit: 3, windowMs: 60_000 } } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await send('POST', '/loans/loan_a1/consent/general', { body: tcpa })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send('PATCH', '/loans/loan_a1/close', { body: {} })).status).toBe(429);
    expect((await send('GET', '/loans/loan_a1/display')).status).toBe(200);
    expect(
      (await send('POST', '/loans/loan_b1/consent/general', { session: 'bob', body: tcpa })).status,
    ).toBe(200);
    expect(calls.filter((c) => c.name === 'recordGeneralConsent')).toHaveLength(4);
  });

  it('B32: the limits are checked at start-up with the option named', () => {
    expect(() => setup({ sessionLimits: { streams: 0 } })).toThrow(/sessionLimits\.streams/);
    expect(() => setup({ advisorCalls: { perPhone: { limit: 1, windowMs: -1 } } })).toThrow(
      /advisorCalls\.perPhone\.windowMs/,
    );
    expect(() => setup({ sessionCheckMs: Number.NaN })).toThrow(/sessionCheckMs/);
  });
});

describe('advisor calls', () => {
  it('B33: one session spreading call me now over four loans gets three calls, then 429', async () => {
    const { send, calls, owned } = setup();
    const loans = ['loan_a1', 'loan_a2', 'loan_a3', 'loan_a4'];
    for (const id of loans) owned.get('alice')?.add(id);
    for (const id of loans) await send('POST', `/loans/${id}/consent/tcpa`, { body: tcpa });
    const statuses: number[] = [];
    for (const id of loans) {
      statuses.push((await send('POST', `/loans/${id}/call-me-now`, { body: {} })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(calls.filter((c) => c.name === 'callMeNow')).toHaveLength(3);
  });

  it('B33: many sessions asking advisors to ring one number (however it is written) get three calls, then 429', async () => {
    const store = createMemoryStore();
    const numbers = ['(207) 555-0142', '207-555-0142', '+1 207 555 0142', '2075550142'];
    const sessions = ['alice', 'bob', 'carol'];
    const statuses: number[] = [];
    const bff = setup({ store });
    bff.owned.get('carol')?.add('loan_c2');
    const loansOf: Record<string, string[]> = {
      alice: ['loan_a1', 'loan_a2'],
      bob: ['loan_b1'],
      carol: ['loan_c1', 'loan_c2'],
    };
    let i = 0;
    for (const session of sessions) {
      for (const loan of loansOf[session] ?? []) {
        await bff.send('POST', `/loans/${loan}/consent/tcpa`, { session, body: tcpa });
        const phone = numbers[i++ % numbers.length];
        const res = await bff.send('POST', `/loans/${loan}/call-me-now`, {
          session,
          body: { phone },
        });
        statuses.push(res.status);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(bff.calls.filter((c) => c.name === 'callMeNow')).toHaveLength(3);
    // A schedule call to another number is still fine.
    const other = await bff.send('POST', '/loans/loan_b1/schedule-call', {
      session: 'bob',
      body: { scheduledAt: '2030-01-07T15:00:00Z', phone: '207-555-0199' },
    });
    expect(other.status).toBe(200);
  });

  it("B33: a call naming no number counts against the application's phone", async () => {
    const { send, calls } = setup({
      advisorCalls: { perPhone: { limit: 1, windowMs: 3_600_000 } },
    });
    expect(
      (await send('POST', '/loans', { body: applicationWithPhone('207-555-0142') })).status,
    ).toBe(201);
    await send('POST', '/loans/loan_new/consent/tcpa', { body: tcpa });
    expect((await send('POST', '/loans/loan_new/call-me-now', { body: {} })).status).toBe(200);
    const again = await send('POST', '/loans/loan_new/schedule-call', {
      body: { scheduledAt: '2030-01-07T15:00:00Z', phone: '+1 (207) 555-0142' },
    });
    expect(again.status).toBe(429);
    expect(again.json.error.code).toBe('rate_limited');
    expect(calls.filter((c) => c.name === 'scheduleCall')).toHaveLength(0);
  });
});

/** The tests' application, its primary borrower reachable at `phone`. */
function applicationWithPhone(phone: string) {
  const app = loanApplication();
  return { ...app, borrowers: [{ ...app.borrowers[0], phone }] };
}
