import type { AdvisorHours } from './AdvisorHours.js';
import { readAdvisorHours } from './readAdvisorHours.js';
import { zonedInstant } from './zonedInstant.js';

/** A span of time when advisors take calls, as instants (ms since the epoch), end excluded. */
export interface AdvisorWindow {
  start: number;
  end: number;
}

const MINUTE = 60_000;

/**
 * The advisors' opening hours, one per day of theirs, that overlap `from` to `to` (instants),
 * in order: each day's wall-clock hours in the advisors' zone, with that day's own offset.
 *
 * @example
 * // Monday 2026-11-23 in New York (EST): 8:00 to 20:00 is 13:00 to 01:00 UTC.
 * advisorOpenings(DEFAULT_ADVISOR_HOURS, Date.parse('2026-11-23T12:00:00Z'), Date.parse('2026-11-23T14:00:00Z'));
 * // [{ start: Date.parse('2026-11-23T13:00:00Z'), end: Date.parse('2026-11-24T01:00:00Z') }]
 */
export function advisorOpenings(hours: AdvisorHours, from: number, to: number): AdvisorWindow[] {
  const { wall, days } = readAdvisorHours(hours);
  const result: AdvisorWindow[] = [];
  const last = Math.floor(wall(to) / 1440) + 1;
  for (let day = Math.floor(wall(from) / 1440) - 1; day <= last; day++) {
    const open = days[new Date(day * 1440 * MINUTE).getUTCDay()];
    if (!open) continue;
    const start = zonedInstant(wall, day * 1440 + open.open);
    const end = zonedInstant(wall, day * 1440 + open.close);
    if (end > from && start < to && end > start) result.push({ start, end });
  }
  return result;
}
