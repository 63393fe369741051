import type { AdvisorHours } from './AdvisorHours.js';
import type { AdvisorWindow } from './advisorOpenings.js';
import { advisorOpenings } from './advisorOpenings.js';

/**
 * When advisors take calls between `from` and `to` (instants): their opening hours, with hours
 * that touch joined into one span (a day closing at 24:00 and the next opening at 00:00).
 *
 * @example
 * advisorWindows(hours, Date.now(), Date.now() + 7 * 86_400_000);
 */
export function advisorWindows(hours: AdvisorHours, from: number, to: number): AdvisorWindow[] {
  const result: AdvisorWindow[] = [];
  for (const opening of advisorOpenings(hours, from, to)) {
    const previous = result.at(-1);
    if (previous && opening.start <= previous.end) {
      previous.end = Math.max(previous.end, opening.end);
    } else {
      result.push({ ...opening });
    }
  }
  return result;
}
