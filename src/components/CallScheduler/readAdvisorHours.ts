import type { AdvisorHours, AdvisorWeekday } from './AdvisorHours.js';
import { wallClock } from './wallClock.js';

/** Advisor hours, checked: their zone's wall clock and, per day, minutes since midnight. */
export interface ReadAdvisorHours {
  /** The advisors' wall clock (see `wallClock`). */
  wall: (t: number) => number;
  /** By day of the week, 0 = Sunday to 6 = Saturday; `undefined` on a day without advisors. */
  days: ReadonlyArray<{ open: number; close: number } | undefined>;
}

const WEEKDAYS: readonly AdvisorWeekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const HH_MM = /^([01]\d|2[0-4]):([0-5]\d)$/;

function minuteOf(value: unknown, where: string): number {
  const m = typeof value === 'string' ? HH_MM.exec(value) : null;
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  if (!(minutes <= 1440)) {
    throw new RangeError(
      `advisorHours.days.${where} must be a 24-hour time written HH:MM, such as "08:00" (got ${JSON.stringify(value)})`,
    );
  }
  return minutes;
}

/**
 * Checks advisor hours and reads them into minutes. A mistake in them is a programming error,
 * told at once: a `TypeError` for a wrong shape, a `RangeError` for an unknown zone, day or
 * time, or a day that closes before it opens.
 *
 * @example
 * readAdvisorHours(DEFAULT_ADVISOR_HOURS).days[1]; // { open: 480, close: 1200 } (Monday)
 */
export function readAdvisorHours(hours: AdvisorHours): ReadAdvisorHours {
  if (typeof hours !== 'object' || hours === null || typeof hours.days !== 'object') {
    throw new TypeError(
      "advisorHours must be an object like { timeZone: 'America/New_York', days: { mon: { open: '08:00', close: '20:00' } } }",
    );
  }
  let wall: (t: number) => number;
  try {
    if (typeof hours.timeZone !== 'string' || !hours.timeZone) throw new RangeError();
    wall = wallClock(hours.timeZone);
  } catch {
    throw new RangeError(
      `advisorHours.timeZone must be an IANA time zone such as "America/New_York" (got ${JSON.stringify(hours.timeZone)})`,
    );
  }
  const given = hours.days ?? {};
  for (const key of Object.keys(given)) {
    if (!WEEKDAYS.includes(key as AdvisorWeekday)) {
      throw new RangeError(
        `advisorHours.days.${key} is not a day of the week: use mon, tue, wed, thu, fri, sat or sun`,
      );
    }
  }
  const days = WEEKDAYS.map((day) => {
    const entry = given[day];
    if (entry === undefined) return undefined;
    const open = minuteOf(entry?.open, `${day}.open`);
    const close = minuteOf(entry?.close, `${day}.close`);
    if (close <= open) {
      throw new RangeError(
        `advisorHours.days.${day} must close after it opens (got ${entry.open} to ${entry.close}); hours past midnight are written as two days`,
      );
    }
    return { open, close };
  });
  return { wall, days };
}
