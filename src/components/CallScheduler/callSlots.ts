import type { AdvisorHours } from './AdvisorHours.js';
import { advisorWindows } from './advisorWindows.js';
import { readAdvisorHours } from './readAdvisorHours.js';
import { wallClock } from './wallClock.js';
import { zonedInstant } from './zonedInstant.js';

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
  /** IANA zone the days and slot times are in (the borrower's). */
  timeZone: string;
  leadTimeMinutes: number;
  /** When advisors take calls: every slot lies wholly inside them. Default: no limit. */
  advisorHours?: AdvisorHours;
  /** Hours in `timeZone` that narrow the slots further; a slot must end by `end`. */
  businessHours?: { start: number; end: number };
  slotMinutes: number;
  /** How many days with at least one free slot to return. */
  days: number;
  /** Offer Monday to Friday (in `timeZone`) only. Default `false`. */
  weekdaysOnly?: boolean;
}

const MINUTE = 60_000;

/**
 * The free call slots of the coming days: wall-clock times in `timeZone`, every `slotMinutes`
 * from midnight (or from `businessHours.start`), turned into instants with that day's offset
 * (so DST changes are honoured), at least the lead time from now, and each wholly inside the
 * advisor hours (in the advisors' own zone). A wall time that does not exist that day (skipped
 * by DST) is left out.
 *
 * @example
 * const days = callSlots({
 *   now: Date.parse('2026-11-23T12:00:00Z'),
 *   timeZone: 'America/Los_Angeles',
 *   leadTimeMinutes: 120,
 *   advisorHours: DEFAULT_ADVISOR_HOURS, // New York, Monday to Friday 8:00 to 20:00, …
 *   slotMinutes: 30,
 *   days: 7,
 * });
 * new Date(days[0].slots[0]).toISOString(); // '2026-11-23T14:00:00.000Z' (6:00 PST, 9:00 EST)
 */
export function callSlots(o: CallSlotOptions): CallDay[] {
  const wall = wallClock(o.timeZone);
  const earliest = o.now + o.leadTimeMinutes * MINUTE;
  const today = Math.floor(wall(o.now) / 1440);
  const step = Math.max(1, o.slotMinutes);
  const [from, to] = o.businessHours
    ? [o.businessHours.start * 60, o.businessHours.end * 60]
    : [0, 1440];
  const advisors = o.advisorHours;
  // Checked first: a mistake in them is told even when no day is left to offer.
  if (advisors && readAdvisorHours(advisors).days.every((d) => !d)) return [];
  const result: CallDay[] = [];
  // A year at most: hours that fit no slot must not loop for ever.
  for (let day = today; result.length < o.days && day < today + 366; day++) {
    const date = new Date(day * 1440 * MINUTE);
    const weekday = date.getUTCDay();
    if (o.weekdaysOnly && (weekday === 0 || weekday === 6)) continue;
    const windows = advisors
      ? advisorWindows(
          advisors,
          zonedInstant(wall, day * 1440 + from),
          zonedInstant(wall, day * 1440 + to),
        )
      : undefined;
    if (windows?.length === 0) continue;
    const slots: number[] = [];
    for (let m = from; m + step <= to; m += step) {
      const local = day * 1440 + m;
      const t = zonedInstant(wall, local);
      const end = t + step * MINUTE;
      if (
        wall(t) === local &&
        t >= earliest &&
        (!windows || windows.some((w) => w.start <= t && end <= w.end))
      ) {
        slots.push(t);
      }
    }
    if (slots.length) result.push({ date: date.toISOString().slice(0, 10), slots });
  }
  return result;
}
