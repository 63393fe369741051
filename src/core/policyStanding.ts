import type { PolicyDetails } from './schemas/policy.js';

/**
 * Where a policy stands on a given day, from its dates only (its `status` is the service's own
 * word, whose values are not documented, so nothing branches on it):
 * - `cancelled`: `cancellationDate` is today or earlier;
 * - `cancelling`: a `cancellationDate` later than today is set;
 * - `expired`: `expirationDate` is earlier than today;
 * - `upcoming`: `effectiveDate` is later than today;
 * - `in-force`: otherwise, when at least one of these dates is known;
 * - `unknown`: the policy carries none of them.
 */
export type PolicyStanding =
  | 'cancelled'
  | 'cancelling'
  | 'expired'
  | 'upcoming'
  | 'in-force'
  | 'unknown';

/** `YYYY-MM-DD` of a date-time or date text, or `null` when it is not one. */
const dayOf = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/**
 * Tells whether a policy is in force, cancelled, expired or not yet effective on `today`
 * (default: the current UTC day), so a cancelled policy never reads as in force.
 *
 * @param today - `YYYY-MM-DD`, a `Date`, or milliseconds since the epoch.
 * @example
 * if (policyStanding(policy) === 'cancelled') notifyServicing(policy.id);
 */
export function policyStanding(
  policy: Pick<PolicyDetails, 'cancellationDate' | 'expirationDate' | 'effectiveDate'>,
  today: string | number | Date = Date.now(),
): PolicyStanding {
  const day =
    typeof today === 'string' ? today.slice(0, 10) : new Date(today).toISOString().slice(0, 10);
  const cancellation = dayOf(policy.cancellationDate);
  const expiration = dayOf(policy.expirationDate);
  const effective = dayOf(policy.effectiveDate);
  if (cancellation !== null) return cancellation <= day ? 'cancelled' : 'cancelling';
  if (expiration !== null && expiration < day) return 'expired';
  if (effective !== null && effective > day) return 'upcoming';
  return expiration !== null || effective !== null ? 'in-force' : 'unknown';
}
