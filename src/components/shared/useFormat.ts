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

/** Formatters already made, by locale: shared by every component and render. */
const made = new Map<string, Formatters>();

function makeFormatters(locale: string): Formatters {
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
}

/**
 * The formatters of `locale`, made on first use and kept: making them is the costly part of
 * formatting (the browser loads the locale's data), so a list of cards does it once, not per card.
 */
function formattersFor(locale: string): Formatters {
  let formatters = made.get(locale);
  if (!formatters) {
    formatters = makeFormatters(locale);
    made.set(locale, formatters);
  }
  return formatters;
}

/**
 * Formatters for the provider's `locale`, made once per locale for the whole page. A component
 * that will show amounts once its data arrives (`QuoteCards`) calls it on mount, so that cost is
 * paid while it waits rather than when the data comes.
 */
export function useFormat(): Formatters {
  const { locale } = useInsuranceContext();
  return formattersFor(locale);
}
