import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readLoanEvent } from '../../src/adapter/readLoanEvent.js';
import { LoanEventSchema } from '../../src/core/index.js';

// The event stream reads events without valibot (it is not in the page's first download); what
// it accepts must be exactly what the core's schema accepts.
const eventLike = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    type: fc.oneof(fc.constantFrom('loan.shopped', 'policy.bound'), fc.boolean()),
    occurredAt: fc.oneof(fc.string(), fc.constant(undefined)),
    loanId: fc.oneof(fc.string(), fc.constant(undefined)),
    policyId: fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('readLoanEvent', () => {
  it('accepts what LoanEventSchema accepts, and reads it the same', () => {
    fc.assert(
      fc.property(fc.oneof(eventLike, fc.anything()), (value) => {
        const parsed = v.safeParse(LoanEventSchema, value);
        const read = readLoanEvent(value);
        expect(read !== undefined).toBe(parsed.success);
        if (parsed.success) expect(read).toEqual(parsed.output);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a loan.shopped event with its fields, and skips one without a loan id', () => {
    const event = {
      id: 'evt_1',
      type: 'loan.shopped',
      occurredAt: '2026-01-01T00:00:00Z',
      loanId: 'loan_1',
    };
    expect(readLoanEvent(event)).toEqual(event);
    expect(readLoanEvent({ ...event, loanId: undefined })).toBeUndefined();
  });
});
