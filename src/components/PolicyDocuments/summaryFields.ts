import type { PolicyDetails } from '../../core/schemas/policy.js';
import type { Formatters } from '../shared/useFormat.js';
import type { MessageValues } from '../shared/useMessages.js';
import type { PolicyDocumentsMessageKey } from './policyDocumentsMessages.js';

/** One line of a policy's summary: its label's message and its text. */
export type SummaryField = readonly [PolicyDocumentsMessageKey, string];

const TYPE_KEYS = new Map<string, PolicyDocumentsMessageKey>([
  ['HO3', 'policyHO3'],
  ['HO5', 'policyHO5'],
  ['HO6', 'policyHO6'],
]);

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The lines of a policy's summary that it has: carrier, number, form (named; an unknown form as
 * sent), the service's status as sent, the term (or whichever of its dates is known), its
 * length, the cancellation date and the premium.
 */
export function summaryFields(
  policy: PolicyDetails,
  t: (key: PolicyDocumentsMessageKey, values?: MessageValues) => string,
  { money, date }: Pick<Formatters, 'money' | 'date'>,
): SummaryField[] {
  const type = textOf(policy.policyType);
  const typeKey = type && TYPE_KEYS.get(type);
  const start = textOf(policy.effectiveDate);
  const end = textOf(policy.expirationDate);
  const cancellation = textOf(policy.cancellationDate);
  const months = policy.termLength;
  const fields: Array<[PolicyDocumentsMessageKey, string | undefined]> = [
    ['carrier', textOf(policy.carrier)],
    ['policyNumber', textOf(policy.policyNumber)],
    ['policyType', typeKey ? t(typeKey) : type],
    ['status', textOf(policy.status)],
    ...((start && end
      ? [['term', t('termDates', { start: date(start), end: date(end) })]]
      : [
          ['effectiveDate', start && date(start)],
          ['expirationDate', end && date(end)],
        ]) as Array<[PolicyDocumentsMessageKey, string | undefined]>),
    [
      'termLength',
      typeof months === 'number' && months > 0
        ? t(months === 1 ? 'month' : 'months', { count: months })
        : undefined,
    ],
    ['cancellationDate', cancellation && date(cancellation)],
    [
      'premium',
      typeof policy.premium === 'number' && Number.isFinite(policy.premium)
        ? money(policy.premium)
        : undefined,
    ],
  ];
  return fields.filter((field): field is [PolicyDocumentsMessageKey, string] => !!field[1]);
}
