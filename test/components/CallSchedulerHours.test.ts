import { describe, expect, it } from 'vitest';
import { advisorHoursText } from '../../src/components/CallScheduler/advisorHoursText.js';
import { advisorWeek } from '../../src/components/CallScheduler/advisorWeek.js';
import { advisorWindows } from '../../src/components/CallScheduler/advisorWindows.js';
import { formatPhone } from '../../src/components/CallScheduler/formatPhone.js';
import type { AdvisorHours } from '../../src/components/CallScheduler/index.js';
import {
  advisorAvailability,
  callSchedulerMessages,
  callSchedulerMessagesEs,
  callSlots,
  DEFAULT_ADVISOR_HOURS,
} from '../../src/components/CallScheduler/index.js';
import { phoneDigits } from '../../src/components/CallScheduler/phoneDigits.js';
import { readAdvisorHours } from '../../src/components/CallScheduler/readAdvisorHours.js';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());

/** Wall-clock times of instants in a zone, e.g. `Mon 06:00`. */
function wall(timeZone: string, instants: number[]) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return instants.map((t) => format.format(t).replace(',', ''));
}

/** The sentence the scheduler shows, in `locale`, with the default texts. */
function hoursSentence(hours: AdvisorHours, timeZone: string, now: number, locale = 'en-US') {
  const texts = locale.startsWith('es') ? callSchedulerMessagesEs : callSchedulerMessages;
  const t = (key: keyof typeof texts, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  return advisorHoursText(advisorWeek(hours, timeZone, now), locale, timeZone, t);
}

const ALL_WEEK: AdvisorHours = {
  timeZone: 'America/New_York',
  days: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
      d,
      { open: '00:00', close: '24:00' },
    ]),
  ),
};

describe('DEFAULT_ADVISOR_HOURS', () => {
  it('are Monday to Friday 8 AM to 8 PM and Saturday 9 AM to 5 PM in New York, no Sunday', () => {
    const { days } = readAdvisorHours(DEFAULT_ADVISOR_HOURS);
    expect(DEFAULT_ADVISOR_HOURS.timeZone).toBe('America/New_York');
    expect(days).toEqual([
      undefined,
      ...Array(5).fill({ open: 8 * 60, close: 20 * 60 }),
      { open: 9 * 60, close: 17 * 60 },
    ]);
  });
});

describe('advisorAvailability (call me now)', () => {
  const check = (now: string) => {
    const a = advisorAvailability(DEFAULT_ADVISOR_HOURS, at(now), 15);
    return { callNow: a.callNow, changesAt: iso(a.changesAt) };
  };

  it('offers no call on Sunday at 9 PM in New York, until Monday 8 AM EST', () => {
    expect(check('2026-11-23T02:00:00Z')).toEqual({
      callNow: false,
      changesAt: '2026-11-23T13:00:00.000Z',
    });
  });

  it('offers no call at 9 PM in Los Angeles (midnight in New York): advisors are closed', () => {
    // Monday 2026-11-23 21:00 PST is Tuesday 00:00 EST.
    expect(check('2026-11-24T05:00:00Z')).toEqual({
      callNow: false,
      changesAt: '2026-11-24T13:00:00.000Z',
    });
  });

  it('offers a call inside the hours until the cutoff before closing', () => {
    // Monday 19:40 EST: 20 minutes left, more than the 15-minute cutoff.
    expect(check('2026-11-24T00:40:00Z')).toEqual({
      callNow: true,
      changesAt: '2026-11-24T00:45:00.000Z',
    });
    // Monday 19:50 EST: closing within 15 minutes, so the next morning.
    expect(check('2026-11-24T00:50:00Z')).toEqual({
      callNow: false,
      changesAt: '2026-11-24T13:00:00.000Z',
    });
  });

  it('offers a call from the first minute of the hours', () => {
    expect(check('2026-11-23T13:00:00Z').callNow).toBe(true);
    expect(check('2026-11-23T12:59:00Z').callNow).toBe(false);
  });

  it('skips Sunday after Saturday closes', () => {
    // Saturday 2026-11-28 16:50 EST (Saturday hours end at 17:00).
    expect(check('2026-11-28T21:50:00Z')).toEqual({
      callNow: false,
      changesAt: '2026-11-30T13:00:00.000Z',
    });
  });

  it('opens with the offset of its own day across the spring DST change', () => {
    // Saturday 2027-03-13 16:50 EST, closing soon. New York moves to EDT (UTC-4) on Sunday:
    // Monday 8:00 EDT is 12:00 UTC (with Saturday's offset it would be 13:00).
    expect(check('2027-03-13T21:50:00Z')).toEqual({
      callNow: false,
      changesAt: '2027-03-15T12:00:00.000Z',
    });
    // Saturday 2027-03-13 still EST: it closes at 17:00 EST, 22:00 UTC (cutoff 21:45).
    expect(check('2027-03-13T21:40:00Z')).toEqual({
      callNow: true,
      changesAt: '2027-03-13T21:45:00.000Z',
    });
  });

  it('closes with the offset of its own day across the autumn DST change', () => {
    // Saturday 2026-10-31 is EDT: 17:00 EDT is 21:00 UTC; Monday 2026-11-02 8:00 EST is 13:00.
    expect(check('2026-10-31T20:00:00Z')).toEqual({
      callNow: true,
      changesAt: '2026-10-31T20:45:00.000Z',
    });
    expect(check('2026-10-31T21:00:00Z')).toEqual({
      callNow: false,
      changesAt: '2026-11-02T13:00:00.000Z',
    });
  });

  it('never offers a call now when no day has hours', () => {
    expect(
      advisorAvailability(
        { timeZone: 'America/New_York', days: {} },
        at('2026-11-23T15:00:00Z'),
        15,
      ),
    ).toEqual({ callNow: false, changesAt: undefined });
  });
});

describe('advisorWindows', () => {
  it('joins hours that run past midnight into one span', () => {
    const hours: AdvisorHours = {
      timeZone: 'America/Chicago',
      days: { fri: { open: '18:00', close: '24:00' }, sat: { open: '00:00', close: '02:00' } },
    };
    const windows = advisorWindows(hours, at('2026-11-27T00:00:00Z'), at('2026-11-30T00:00:00Z'));
    // Friday 18:00 CST to Saturday 02:00 CST.
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-11-28T00:00:00.000Z', '2026-11-28T08:00:00.000Z'],
    ]);
    // So a call now at 23:55 Friday is still offered (the cutoff is counted from 02:00).
    expect(advisorAvailability(hours, at('2026-11-28T05:55:00Z'), 15).callNow).toBe(true);
  });
});

describe('callSlots inside advisor hours', () => {
  const slots = (
    timeZone: string,
    now: string,
    extra: Partial<Parameters<typeof callSlots>[0]> = {},
  ) =>
    callSlots({
      now: at(now),
      timeZone,
      leadTimeMinutes: 120,
      advisorHours: DEFAULT_ADVISOR_HOURS,
      slotMinutes: 30,
      days: 7,
      ...extra,
    });

  it('offers a borrower in Los Angeles 5 AM to 4:30 PM on weekdays and 6 AM to 1:30 PM on Saturday', () => {
    // Sunday 2026-11-22 12:00 PST.
    const days = slots('America/Los_Angeles', '2026-11-22T20:00:00Z');
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ]);
    const monday = days[0]?.slots ?? [];
    expect(wall('America/Los_Angeles', [monday[0], monday.at(-1)] as number[])).toEqual([
      'Mon 05:00',
      'Mon 16:30',
    ]);
    const saturday = days[5]?.slots ?? [];
    expect(wall('America/Los_Angeles', [saturday[0], saturday.at(-1)] as number[])).toEqual([
      'Sat 06:00',
      'Sat 13:30',
    ]);
  });

  it('starts after the lead time and never before the advisors open', () => {
    // Monday 2026-11-23 04:00 PST (07:00 EST): +120 min is 06:00 PST, after the 05:00 opening.
    const [monday] = slots('America/Los_Angeles', '2026-11-23T12:00:00Z');
    expect(wall('America/Los_Angeles', [monday?.slots[0] as number])).toEqual(['Mon 06:00']);
    expect(iso(monday?.slots[0])).toBe('2026-11-23T14:00:00.000Z');
  });

  it('moves a borrower in Honolulu an hour earlier when New York changes to daylight time', () => {
    // Friday 2027-03-12 18:00 HST. Honolulu keeps UTC-10; New York moves to UTC-4 on the 14th.
    const days = slots('Pacific/Honolulu', '2027-03-13T04:00:00Z');
    const saturday = days.find((d) => d.date === '2027-03-13')?.slots ?? [];
    const monday = days.find((d) => d.date === '2027-03-15')?.slots ?? [];
    expect(days.some((d) => d.date === '2027-03-14')).toBe(false);
    // Saturday 9:00-17:00 EST is 4:00-12:00 HST; Monday 8:00-20:00 EDT is 2:00-14:00 HST.
    expect(wall('Pacific/Honolulu', [saturday[0], saturday.at(-1)] as number[])).toEqual([
      'Sat 04:00',
      'Sat 11:30',
    ]);
    expect(wall('Pacific/Honolulu', [monday[0], monday.at(-1)] as number[])).toEqual([
      'Mon 02:00',
      'Mon 13:30',
    ]);
    expect(iso(monday[0])).toBe('2027-03-15T12:00:00.000Z');
  });

  it('narrows to business hours of the borrower\u2019s day when they are given (the older form)', () => {
    const [monday] = slots('America/Los_Angeles', '2026-11-23T12:00:00Z', {
      businessHours: { start: 9, end: 17 },
    });
    // 9:00-17:00 PST within 5:00-17:00 PST: the last slot still ends by 17:00.
    expect(
      wall('America/Los_Angeles', [monday?.slots[0], monday?.slots.at(-1)] as number[]),
    ).toEqual(['Mon 09:00', 'Mon 16:30']);
  });

  it('offers nothing, quickly, when advisors have no hours', () => {
    expect(
      slots('America/New_York', '2026-11-23T12:00:00Z', {
        advisorHours: { timeZone: 'America/New_York', days: {} },
      }),
    ).toEqual([]);
  });
});

describe('advisor hours shown in the borrower\u2019s zone', () => {
  const MONDAY_NOON_EST = at('2026-11-23T17:00:00Z');

  it('moves New York hours to Los Angeles', () => {
    expect(hoursSentence(DEFAULT_ADVISOR_HOURS, 'America/Los_Angeles', MONDAY_NOON_EST)).toBe(
      'Advisors are available Mon–Fri 5 AM – 5 PM and Sat 6 AM – 2 PM (your time).',
    );
  });

  it('moves them to Honolulu, an hour earlier while New York is on daylight time', () => {
    expect(hoursSentence(DEFAULT_ADVISOR_HOURS, 'Pacific/Honolulu', MONDAY_NOON_EST)).toBe(
      'Advisors are available Mon–Fri 3 AM – 3 PM and Sat 4 AM – 12 PM (your time).',
    );
    expect(
      hoursSentence(DEFAULT_ADVISOR_HOURS, 'Pacific/Honolulu', at('2027-06-07T17:00:00Z')),
    ).toBe('Advisors are available Mon–Fri 2 AM – 2 PM and Sat 3 AM – 11 AM (your time).');
  });

  it('shows a week that crosses the DST change as it will be, day by day', () => {
    // From Thursday 2027-03-11: Thursday to Saturday on EST, Monday and Tuesday on EDT.
    expect(
      hoursSentence(DEFAULT_ADVISOR_HOURS, 'Pacific/Honolulu', at('2027-03-11T17:00:00Z')),
    ).toBe(
      'Advisors are available Mon–Wed 2 AM – 2 PM, Thu–Fri 3 AM – 3 PM, and Sat 4 AM – 12 PM (your time).',
    );
  });

  it('shows hours that pass midnight for the borrower with the closing time of the next day', () => {
    expect(hoursSentence(DEFAULT_ADVISOR_HOURS, 'Europe/Berlin', MONDAY_NOON_EST, 'en-GB')).toBe(
      'Advisors are available Mon–Fri 14:00 – 2:00 and Sat 15:00 – 23:00 (your time).',
    );
  });

  it('keeps minutes that are not whole hours, and says "at any time" for round-the-clock hours', () => {
    const hours: AdvisorHours = {
      timeZone: 'America/New_York',
      days: { mon: { open: '08:30', close: '17:45' } },
    };
    expect(hoursSentence(hours, 'America/New_York', MONDAY_NOON_EST)).toBe(
      'Advisors are available Mon 8:30 AM – 5:45 PM (your time).',
    );
    expect(hoursSentence(ALL_WEEK, 'America/Chicago', MONDAY_NOON_EST)).toBe(
      'Advisors are available at any time.',
    );
  });

  it('reads in Spanish', () => {
    expect(
      hoursSentence(DEFAULT_ADVISOR_HOURS, 'America/Los_Angeles', MONDAY_NOON_EST, 'es-US'),
    ).toBe(
      'Los asesores están disponibles lun a vie de 5 a.m. a 5 p.m. y sáb de 6 a.m. a 2 p.m. (en su hora local).',
    );
  });
});

describe('readAdvisorHours', () => {
  const read = (hours: unknown) => () => readAdvisorHours(hours as AdvisorHours);

  it('refuses a wrong shape with a TypeError', () => {
    expect(read(null)).toThrow(TypeError);
    expect(read({ timeZone: 'America/New_York' })).toThrow(/advisorHours must be an object/);
  });

  it('names the field and the value it refuses', () => {
    const zone = 'America/New_York';
    expect(read({ timeZone: 'Mars/Base', days: {} })).toThrow(
      new RangeError(
        'advisorHours.timeZone must be an IANA time zone such as "America/New_York" (got "Mars/Base")',
      ),
    );
    expect(read({ timeZone: zone, days: { mon: { open: '8am', close: '17:00' } } })).toThrow(
      new RangeError(
        'advisorHours.days.mon.open must be a 24-hour time written HH:MM, such as "08:00" (got "8am")',
      ),
    );
    expect(read({ timeZone: zone, days: { tue: { open: '08:00', close: '24:30' } } })).toThrow(
      /advisorHours\.days\.tue\.close must be a 24-hour time/,
    );
    expect(read({ timeZone: zone, days: { monday: { open: '08:00', close: '17:00' } } })).toThrow(
      /advisorHours\.days\.monday is not a day of the week/,
    );
    expect(read({ timeZone: zone, days: { fri: { open: '20:00', close: '02:00' } } })).toThrow(
      /advisorHours\.days\.fri must close after it opens \(got 20:00 to 02:00\)/,
    );
  });
});

describe('phone numbers', () => {
  it('reads the 10 digits of a US number however it is written', () => {
    for (const typed of [
      '(555) 123-4567',
      '555.123.4567',
      '555 123 4567',
      '+1 555-123-4567',
      '15551234567',
    ])
      expect(phoneDigits(typed), typed).toBe('5551234567');
  });

  it('refuses other counts of digits and letters', () => {
    for (const typed of [
      '',
      '555-1234',
      '555-123-45678',
      '+44 20 7946 0958',
      '555-CALL-NOW',
      '555\u200b1234567',
    ])
      expect(phoneDigits(typed), typed).toBeUndefined();
  });

  it('formats them as borrowers read them', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });
});

describe('advisorAvailability with a wrong cutoff', () => {
  it('refuses a negative or non-finite cutoff with a RangeError', () => {
    for (const cutoff of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => advisorAvailability(DEFAULT_ADVISOR_HOURS, Date.now(), cutoff)).toThrow(
        new RangeError(
          `callNowCutoffMinutes must be a number of minutes, 0 or more (got ${cutoff})`,
        ),
      );
  });
});
