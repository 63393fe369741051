import * as v from 'valibot';

// Control characters, zero-width characters and bidirectional overrides: invisible in a form,
// able to make a name look like another one, and never needed in a name or an address.
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** Trimmed, non-empty, at most `max` characters, no control or invisible characters. */
export const text = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
    v.check((s) => !UNSAFE_TEXT.test(s), `${label} contains characters that are not allowed`),
  );

/** Whether `s` is a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

/**
 * Whether `s` is an ISO 8601 date-time on a real calendar day (`Date.parse` alone would read
 * `2026-02-30` as March 2nd). With `requireZone`, a `Z` or `±hh:mm` offset must be present.
 */
export function isIsoDateTime(s: string, requireZone = false): boolean {
  const m = DATE_TIME.exec(s);
  return m !== null && isCalendarDate(m[1] as string) && (!requireZone || m[5] !== undefined);
}

/** A real calendar date written `YYYY-MM-DD`. */
export const calendarDate = (label: string) =>
  v.pipe(
    v.string(`${label} must be a date`),
    v.check(isCalendarDate, `${label} must be a real date written YYYY-MM-DD`),
  );

/** An email address. */
export const email = v.pipe(
  v.string('Email must be text'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Email must be at most 254 characters'),
  v.email('Enter an email address like name@example.com'),
);

/** A US phone number: 10 digits, optionally with +1 and the usual punctuation. */
export const phone = v.pipe(
  v.string('Phone must be text'),
  v.trim(),
  v.nonEmpty('Phone is required'),
  v.regex(
    /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/,
    'Enter a 10-digit US phone number',
  ),
);

/** A non-negative amount of money in US dollars. */
export const money = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a number`),
    v.minValue(0, `${label} cannot be negative`),
    v.maxValue(1_000_000_000, `${label} is too large`),
  );
