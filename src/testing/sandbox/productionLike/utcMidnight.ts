const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day (`2027-01-15`) as production sends some of them: that day's UTC midnight
 * (`2027-01-15T00:00:00Z`), which the components show as the same day (they format dates in
 * UTC). Anything else is returned as it is.
 */
export function utcMidnight(value: unknown): unknown {
  return typeof value === 'string' && DAY.test(value) ? `${value}T00:00:00Z` : value;
}
