import type { AdvisorHours } from './AdvisorHours.js';
import { advisorOpenings } from './advisorOpenings.js';
import { readAdvisorHours } from './readAdvisorHours.js';
import { wallClock } from './wallClock.js';

/** Days of the week on which advisors keep the same hours, as seen in another zone. */
export interface AdvisorWeekRow {
  /** First and last day of the run, 0 = Sunday to 6 = Saturday, in the zone asked for. */
  firstDay: number;
  lastDay: number;
  /** Opening and closing, in minutes since midnight of the first day there (over 1440: the next day). */
  opens: number;
  closes: number;
  /** The instants of that opening and closing on the first day, and of the opening on the last. */
  first: { start: number; end: number };
  last: { start: number; end: number };
}

/** The advisors' week as a borrower in another zone sees it. */
export interface AdvisorWeek {
  /** Advisors take calls around the clock, every day. */
  always: boolean;
  /** Runs of days with the same hours, from Monday (in the borrower's zone). */
  rows: AdvisorWeekRow[];
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/**
 * The advisors' hours of the coming week (from `now`), moved into `timeZone`, grouped into runs
 * of consecutive days with the same hours there, Monday first: "Mon–Fri 5 AM – 5 PM, Sat
 * 6 AM – 2 PM" for New York's 8 to 8 and 9 to 5 seen from Los Angeles. The coming week, not a
 * typical one: a DST change in it shows.
 *
 * @example
 * const { rows } = advisorWeek(DEFAULT_ADVISOR_HOURS, 'America/Los_Angeles', Date.now());
 * rows[0]; // { firstDay: 1, lastDay: 5, opens: 300, closes: 1020, … }
 */
export function advisorWeek(hours: AdvisorHours, timeZone: string, now: number): AdvisorWeek {
  const advisors = readAdvisorHours(hours);
  const always = advisors.days.every((d) => d?.open === 0 && d.close === 1440);
  const wall = wallClock(timeZone);
  // Each day of the advisors' week once: the first of each in the coming week.
  const seen = new Set<number>();
  const openings = advisorOpenings(hours, now, now + 7 * DAY)
    .filter((o) => {
      const day = new Date(Math.floor(advisors.wall(o.start) / 1440) * DAY).getUTCDay();
      if (seen.has(day)) return false;
      seen.add(day);
      return true;
    })
    .map((o) => {
      const start = wall(o.start);
      const midnight = Math.floor(start / 1440) * 1440;
      return {
        window: o,
        day: new Date(midnight * MINUTE).getUTCDay(),
        opens: start - midnight,
        closes: wall(o.end) - midnight,
      };
    })
    // Monday first.
    .sort((a, b) => ((a.day + 6) % 7) - ((b.day + 6) % 7));
  const rows: AdvisorWeekRow[] = [];
  for (const o of openings) {
    const row = rows.at(-1);
    if (
      row &&
      row.opens === o.opens &&
      row.closes === o.closes &&
      (row.lastDay + 1) % 7 === o.day
    ) {
      row.lastDay = o.day;
      row.last = o.window;
    } else {
      rows.push({
        firstDay: o.day,
        lastDay: o.day,
        opens: o.opens,
        closes: o.closes,
        first: o.window,
        last: o.window,
      });
    }
  }
  return { always, rows };
}
