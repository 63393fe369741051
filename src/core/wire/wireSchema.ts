import * as v from 'valibot';
import type { WireReading } from './readWire.js';

const pathOf = (field: string) =>
  field
    .split('.')
    .map(
      (key) => ({ type: 'object', origin: 'value', input: {}, key, value: undefined }) as const,
    ) as unknown as [v.IssuePathItem, ...v.IssuePathItem[]];

/**
 * A valibot schema over a tolerant reading (see `readWire`): it parses whatever the reading
 * accepts, with the reading's output, and fails with an issue at the field the answer cannot be
 * used without, so `parseResponse` names it.
 */
export function wireSchema<TOutput>(
  read: (value: unknown) => WireReading,
): v.GenericSchema<unknown, TOutput> {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const reading = read(dataset.value);
      if (reading.ok) return reading.value;
      addIssue({
        message: reading.field === '' ? 'The answer is not an object' : `Missing ${reading.field}`,
        ...(reading.field === '' ? {} : { path: pathOf(reading.field) }),
      });
      return NEVER;
    }),
  ) as unknown as v.GenericSchema<unknown, TOutput>;
}
