const MINUTE = 60_000;
// One formatter per zone: building one costs far more than using it.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  const known = formats.get(timeZone);
  if (known) return known;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  formats.set(timeZone, format);
  return format;
}

/**
 * The wall clock of a zone: an instant (ms since the epoch) read as minutes since 1970-01-01
 * 00:00 of that zone's calendar and clock, so `Math.floor(wall(t) / 1440)` is its day number.
 * An unknown zone is a `RangeError` from `Intl`.
 */
export function wallClock(timeZone: string): (t: number) => number {
  const format = formatIn(timeZone);
  return (t) => {
    const p: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(t)) p[type] = Number(value);
    return (
      Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) / MINUTE
    );
  };
}
