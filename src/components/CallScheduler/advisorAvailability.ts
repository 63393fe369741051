import type { AdvisorHours } from './AdvisorHours.js';
import { advisorWindows } from './advisorWindows.js';

/** Whether a call now can be offered, and until when that holds. */
export interface AdvisorAvailability {
  /** Advisors are taking calls, and will be for at least the cutoff: offer a call now. */
  callNow: boolean;
  /** When `callNow` changes next (ms since the epoch); `undefined` if not within a week. */
  changesAt: number | undefined;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/**
 * Whether "call me now" may be offered at `now`: only inside advisor hours, and not in their
 * last `cutoffMinutes` (a call asked for then would land after closing). A negative or
 * non-finite cutoff is a `RangeError`.
 *
 * @example
 * // Sunday 2026-11-22, 21:00 in New York: no advisors until Monday 8:00.
 * advisorAvailability(DEFAULT_ADVISOR_HOURS, Date.parse('2026-11-23T02:00:00Z'), 15);
 * // { callNow: false, changesAt: Date.parse('2026-11-23T13:00:00Z') }
 */
export function advisorAvailability(
  hours: AdvisorHours,
  now: number,
  cutoffMinutes: number,
): AdvisorAvailability {
  if (!(cutoffMinutes >= 0 && Number.isFinite(cutoffMinutes))) {
    throw new RangeError(
      `callNowCutoffMinutes must be a number of minutes, 0 or more (got ${cutoffMinutes})`,
    );
  }
  const cutoff = cutoffMinutes * MINUTE;
  for (const { start, end } of advisorWindows(hours, now, now + 8 * DAY)) {
    const last = end - cutoff;
    // Too short for a call now, or its last moment for one is past.
    if (last <= start || last <= now) continue;
    return start <= now ? { callNow: true, changesAt: last } : { callNow: false, changesAt: start };
  }
  return { callNow: false, changesAt: undefined };
}
