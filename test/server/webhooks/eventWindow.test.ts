import { describe, expect, it } from 'vitest';
import { DAY, envelope, HOUR, MINUTE, NOW, SECOND, setup } from './webhookHarness.js';

const at = (ms: number) => new Date(ms).toISOString();
const bodyAt = (ms: number, id = 'evt_1') => JSON.stringify(envelope({ id, occurredAt: at(ms) }));

describe('the 14-day window and the 5-minute skew (clock injected, no sleeps)', () => {
  it('W11: an event older than 14 days is refused as a replay, validly signed or not; nothing recorded', async () => {
    const s = setup();
    const answer = await s.send({ body: bodyAt(NOW - 14 * DAY - SECOND) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('stale_event');
    expect(s.onEvent).not.toHaveBeenCalled();
    expect(s.writes()).toBe(0);
  });

  it('W12: 14 days minus 1 s is accepted, and so is exactly 14 days (the bound is inclusive)', async () => {
    const s = setup();
    expect((await s.send({ body: bodyAt(NOW - 14 * DAY + SECOND) })).status).toBe(200);
    expect((await s.send({ body: bodyAt(NOW - 14 * DAY, 'evt_2') })).status).toBe(200);
    expect(s.onEvent).toHaveBeenCalledTimes(2);
  });

  it('W12: an occurredAt without a zone is read as UTC', async () => {
    const s = setup();
    const local = at(NOW - 14 * DAY + SECOND).replace('Z', '');
    expect((await s.send({ body: JSON.stringify(envelope({ occurredAt: local })) })).status).toBe(
      200,
    );
  });

  it('W13: an event 10 min in the future is refused; up to the 5 min skew is accepted', async () => {
    const s = setup();
    const future = await s.send({ body: bodyAt(NOW + 10 * MINUTE) });
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe('event_from_future');
    expect((await s.send({ body: bodyAt(NOW + 5 * MINUTE + SECOND, 'evt_2') })).status).toBe(400);
    expect(s.writes()).toBe(0);
    expect((await s.send({ body: bodyAt(NOW + 5 * MINUTE, 'evt_3') })).status).toBe(200);
  });

  it('W13: the skew and the window are configurable', async () => {
    const s = setup({ futureSkewMs: 0, maxAgeMs: HOUR });
    expect((await s.send({ body: bodyAt(NOW + SECOND) })).status).toBe(400);
    expect((await s.send({ body: bodyAt(NOW - HOUR - SECOND, 'evt_2') })).status).toBe(400);
    expect((await s.send({ body: bodyAt(NOW - HOUR, 'evt_3') })).status).toBe(200);
  });

  it.each([
    ['"yesterday"', 'yesterday'],
    ['an empty string', ''],
    ['a number', 1_763_640_000_000],
    ['null', null],
    ['missing', undefined],
    ['a date without a time', '2026-11-20'],
    ['an impossible date', '2026-02-30T10:00:00Z'],
    ['an hour 25', '2026-11-20T25:00:00Z'],
  ])('W14: occurredAt %s gets 400 before any write', async (_name, occurredAt) => {
    const s = setup();
    const answer = await s.send({ body: JSON.stringify(envelope({ occurredAt })) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.message).toMatch(/occurredAt/);
    expect(s.writes()).toBe(0);
  });

  it('W17: a captured delivery replayed at day 13.9 is still de-duplicated (records outlive the window)', async () => {
    const s = setup();
    const body = bodyAt(NOW);
    expect((await s.send({ body })).status).toBe(200);
    s.advance(13.9 * DAY);
    const replay = await s.send({ body });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ duplicate: true });
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });

  it('W17: the worst case, an event stamped skew ahead, stays de-duplicated until the window refuses it', async () => {
    const s = setup();
    const body = bodyAt(NOW + 5 * MINUTE);
    expect((await s.send({ body })).status).toBe(200);
    // Last moment the window still accepts it: the record must still be there.
    s.advance(14 * DAY + 5 * MINUTE);
    expect((await s.send({ body })).body).toEqual({ duplicate: true });
    s.advance(SECOND);
    expect((await s.send({ body })).body.error.code).toBe('stale_event');
    expect(s.onEvent).toHaveBeenCalledTimes(1);
  });
});
