import { useMemo } from 'react';
import { useInsuranceContext } from '../../hooks/index.js';

/** Number and date formatters in the provider's locale. */
export interface Formatters {
  /**
   * US dollars, e.g. `$1,234`: whole dollars unless the amount has cents. `cents` decides it
   * instead, so amounts shown side by side (one price on every quote) look alike.
   */
  money(amount: number, cents?: boolean): string;
  /** A calendar date (`YYYY-MM-DD` is read as that day, whatever the time zone). */
  date(value: string): string;
  /** A date and time in `timeZone` (default: the browser's), with the zone shown. */
  dateTime(value: string | number | Date, timeZone?: string): string;
}

/** Formatters for the provider's `locale`, made once per locale. */
export function useFormat(): Formatters {
  const { locale } = useInsuranceContext();
  return useMemo(() => {
    const whole = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      money: (amount, withCents = !Number.isInteger(amount)) =>
        (withCents ? cents : whole).format(amount),
      date: (value) => {
        const d = /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? new Date(`${value}T00:00:00Z`)
          : new Date(value);
        return Number.isNaN(d.getTime()) ? value : day.format(d);
      },
      dateTime: (value, timeZone) =>
        // Explicit fields: Intl refuses `timeZoneName` together with `dateStyle`/`timeStyle`.
        new Intl.DateTimeFormat(locale, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
          ...(timeZone ? { timeZone } : {}),
        }).format(new Date(value)),
    };
  }, [locale]);
}
