import type { AdvisorHours } from './AdvisorHours.js';

const WEEKDAY = { open: '08:00', close: '20:00' } as const;

/**
 * The advisor hours `CallScheduler` uses unless given its own: Monday to Friday 8 AM to 8 PM and
 * Saturday 9 AM to 5 PM, Eastern Time (America/New_York); no advisors on Sunday.
 *
 * @example
 * <CallScheduler
 *   loanId={loanId}
 *   lenderName="Acme Bank"
 *   termsOfServiceId="tcpa_v2"
 *   advisorHours={{ ...DEFAULT_ADVISOR_HOURS, timeZone: 'America/Chicago' }}
 * />
 */
export const DEFAULT_ADVISOR_HOURS: AdvisorHours = Object.freeze({
  timeZone: 'America/New_York',
  days: Object.freeze({
    mon: WEEKDAY,
    tue: WEEKDAY,
    wed: WEEKDAY,
    thu: WEEKDAY,
    fri: WEEKDAY,
    sat: { open: '09:00', close: '17:00' },
  }),
});
