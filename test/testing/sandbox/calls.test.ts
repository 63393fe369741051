import { describe, expect, it } from 'vitest';
import { createHarness, DAY, HOUR, START } from './harness.js';

const tomorrow = new Date(START + DAY).toISOString();

describe('schedule call', () => {
  it('refuses without TCPA consent (409 consent_required, consent tcpa) and creates no task', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'consent');
    await h.consent(id, 'general');

    const res = await h.call('POST', '/v1/loans/schedule_call', { id, scheduledAt: tomorrow });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: { code: 'consent_required', consent: 'tcpa', message: expect.any(String) },
    });
    expect(h.sandbox.tasks).toEqual([]);
  });

  it('creates an advisor task for the given time once TCPA consent is recorded', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa');

    const res = await h.call('POST', '/v1/loans/schedule_call', {
      id,
      scheduledAt: '2026-03-03T09:30:00-05:00',
      phone: '207-555-0177',
      notes: 'Prefers mornings',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, taskId: expect.any(String) });
    expect(h.sandbox.tasks).toEqual([
      {
        id: res.json.taskId,
        loanId: id,
        kind: 'scheduled',
        scheduledAt: '2026-03-03T14:30:00.000Z',
        phone: '207-555-0177',
        createdAt: START,
      },
    ]);
  });

  it.each([
    ['in the past', new Date(START - HOUR).toISOString()],
    ['right now', new Date(START).toISOString()],
    ['without a time zone', '2026-03-03T09:30:00'],
    ['not a date', 'next tuesday'],
  ])('refuses a call time %s with 400 naming scheduledAt', async (_name, scheduledAt) => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa');

    const res = await h.call('POST', '/v1/loans/schedule_call', { id, scheduledAt });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toContain('scheduledAt');
    expect(h.sandbox.tasks).toEqual([]);
  });

  it('judges "the past" by the sandbox clock', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa');
    const inAnHour = new Date(START + HOUR).toISOString();
    await h.advance(2 * HOUR);

    const res = await h.call('POST', '/v1/loans/schedule_call', { id, scheduledAt: inAnHour });
    expect(res.status).toBe(400);
    expect(h.sandbox.tasks).toEqual([]);
  });

  it('refuses a call for a closed application', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa');
    await h.call('PATCH', `/v1/loans/${id}/close`);

    const res = await h.call('POST', '/v1/loans/schedule_call', { id, scheduledAt: tomorrow });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('loan_closed');
    expect(h.sandbox.tasks).toEqual([]);
  });
});

describe('call me now', () => {
  it('refuses without TCPA consent and creates no task', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;

    const res = await h.call('POST', '/v1/loans/call_me_now', { id });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'consent_required', consent: 'tcpa' });
    expect(h.sandbox.tasks).toEqual([]);
  });

  it('notifies an advisor at once when TCPA consent is recorded', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa');

    const res = await h.call('POST', '/v1/loans/call_me_now', { id, phone: '207-555-0188' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, taskId: expect.any(String) });
    expect(h.sandbox.tasks).toEqual([
      expect.objectContaining({
        id: res.json.taskId,
        loanId: id,
        kind: 'now',
        scheduledAt: null,
        phone: '207-555-0188',
      }),
    ]);
  });

  it('answers 404 for an unknown application and 400 for a malformed phone', async () => {
    const h = await createHarness();
    const id = (await h.submitLoan()).json.id as string;
    await h.consent(id, 'tcpa');

    expect((await h.call('POST', '/v1/loans/call_me_now', { id: 'ln_nobody' })).status).toBe(404);
    const badPhone = await h.call('POST', '/v1/loans/call_me_now', { id, phone: '12' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.json.error.issues.map((i: { path: string }) => i.path)).toContain('phone');
    expect(h.sandbox.tasks).toEqual([]);
  });
});
