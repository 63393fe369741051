/** A day on which calls can be scheduled, with its free start times. */
export interface CallDay {
  /** The calendar day in the time zone, `YYYY-MM-DD`. */
  date: string;
  /** Start times of the free slots, as instants (ms since the epoch), ascending. */
  slots: number[];
}

/** What {@link callSlots} offers. */
export interface CallSlotOptions {
  /** The current instant (ms since the epoch). */
  now: number;
  /** IANA zone the business hours are in. */
  timeZone: string;
  leadTimeMinutes: number;
  /** Hours in `timeZone`; a slot must end by `end`. */
  businessHours: { start: number; end: number };
  slotMinutes: number;
  /** How many days with at least one free slot to return. */
  days: number;
  weekdaysOnly: boolean;
}

const MINUTE = 60_000;

// Wall-clock fields of an instant in a zone, in minutes since 1970-01-01 00:00 of that wall clock.
function wallClock(timeZone: string): (t: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  return (t) => {
    const p: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(t)) p[type] = Number(value);
    return (
      Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) / MINUTE
    );
  };
}

/**
 * The free call slots of the coming days: wall-clock times within business hours in `timeZone`,
 * turned into instants with that day's offset (so DST changes are honoured), at least the lead
 * time from now. A wall time that does not exist that day (skipped by DST) is left out.
 *
 * @example
 * const days = callSlots({
 *   now: Date.parse('2026-11-23T12:00:00Z'),
 *   timeZone: 'America/New_York',
 *   leadTimeMinutes: 120,
 *   businessHours: { start: 9, end: 17 },
 *   slotMinutes: 30,
 *   days: 7,
 *   weekdaysOnly: true,
 * });
 * new Date(days[0].slots[0]).toISOString(); // '2026-11-23T14:00:00.000Z' (9:00 EST)
 */
export function callSlots(o: CallSlotOptions): CallDay[] {
  const wall = wallClock(o.timeZone);
  const earliest = o.now + o.leadTimeMinutes * MINUTE;
  const today = Math.floor(wall(o.now) / 1440);
  const step = Math.max(1, o.slotMinutes);
  const result: CallDay[] = [];
  // A year at most: business hours that fit no slot must not loop for ever.
  for (let day = today; result.length < o.days && day < today + 366; day++) {
    const date = new Date(day * 1440 * MINUTE);
    const weekday = date.getUTCDay();
    if (o.weekdaysOnly && (weekday === 0 || weekday === 6)) continue;
    const slots: number[] = [];
    for (let m = o.businessHours.start * 60; m + step <= o.businessHours.end * 60; m += step) {
      const local = day * 1440 + m;
      // The offset at a first guess, then at the instant it gives: right on both sides of a change.
      let t = (2 * local - wall(local * MINUTE)) * MINUTE;
      t = (local - (wall(t) - t / MINUTE)) * MINUTE;
      if (wall(t) === local && t >= earliest) slots.push(t);
    }
    if (slots.length) result.push({ date: date.toISOString().slice(0, 10), slots });
  }
  return result;
}
