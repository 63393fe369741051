/** A day of the week, as advisor hours name it. */
export type AdvisorWeekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** When advisors take calls on one day: from `open` to `close`, 24-hour `HH:MM`. */
export interface AdvisorDayHours {
  /** First minute advisors take calls, e.g. `'08:00'`. */
  open: string;
  /** When they stop, e.g. `'20:00'` (after `open`; `'24:00'` is the end of the day). */
  close: string;
}

/**
 * When insurance advisors take calls, written in the advisors' own time zone. A day left out is
 * a day without advisors. Hours that run past midnight are written as two days (`close: '24:00'`
 * one day, `open: '00:00'` the next).
 *
 * @example
 * const hours: AdvisorHours = {
 *   timeZone: 'America/Chicago',
 *   days: {
 *     mon: { open: '08:00', close: '18:00' },
 *     tue: { open: '08:00', close: '18:00' },
 *     wed: { open: '08:00', close: '18:00' },
 *     thu: { open: '08:00', close: '18:00' },
 *     fri: { open: '08:00', close: '17:00' },
 *   },
 * };
 */
export interface AdvisorHours {
  /** IANA zone the hours are in (the advisors'), e.g. `America/New_York`. */
  timeZone: string;
  /** Opening hours by day of the week. */
  days: Readonly<Partial<Record<AdvisorWeekday, AdvisorDayHours>>>;
}
