import type { MessageValues } from '../shared/useMessages.js';
import type { AdvisorWeek } from './advisorWeek.js';

type HoursKey = 'advisorHours' | 'advisorHoursAlways' | 'dayRange' | 'timeRange';

/**
 * The advisors' week as a sentence in the borrower's locale and zone, e.g. "Advisors are
 * available Mon–Fri 5 AM – 5 PM and Sat 6 AM – 2 PM (your time)."; empty without advisors.
 * Whole hours drop their minutes where the locale has a 12-hour clock ("8 AM", "08:00").
 */
export function advisorHoursText(
  week: AdvisorWeek,
  locale: string,
  timeZone: string,
  t: (key: HoursKey, values?: MessageValues) => string,
): string {
  if (week.always) return t('advisorHoursAlways');
  if (!week.rows.length) return '';
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' });
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  const twelveHour = hourCycle === 'h11' || hourCycle === 'h12';
  const time = (instant: number, minutes: number) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: 'numeric',
      ...(twelveHour && minutes % 60 === 0 ? {} : { minute: '2-digit' }),
    }).format(instant);
  const rows = week.rows.map((row) => {
    const from = weekday.format(row.first.start);
    const days =
      row.firstDay === row.lastDay
        ? from
        : t('dayRange', { from, to: weekday.format(row.last.start) });
    const hours = t('timeRange', {
      from: time(row.first.start, row.opens),
      to: time(row.first.end, row.closes),
    });
    return `${days} ${hours}`;
  });
  return t('advisorHours', {
    hours: new Intl.ListFormat(locale, { type: 'conjunction' }).format(rows),
  });
}
