import { describe, expect, it } from 'vitest';
import { policyStanding } from '../../src/core/index.js';

const TODAY = '2026-11-25';

describe('policyStanding', () => {
  it.each([
    [{ cancellationDate: '2026-11-01', expirationDate: '2027-06-01' }, 'cancelled'],
    [{ cancellationDate: TODAY, expirationDate: '2027-06-01' }, 'cancelled'],
    [{ cancellationDate: '2026-11-25T00:00:00Z' }, 'cancelled'],
    [{ cancellationDate: '2026-12-31', expirationDate: '2027-06-01' }, 'cancelling'],
    [
      { cancellationDate: null, effectiveDate: '2026-01-01', expirationDate: '2026-11-24' },
      'expired',
    ],
    [{ effectiveDate: '2026-12-01', expirationDate: '2027-12-01' }, 'upcoming'],
    [{ effectiveDate: '2026-06-01', expirationDate: '2027-06-01' }, 'in-force'],
    [{ effectiveDate: TODAY }, 'in-force'],
    [{}, 'unknown'],
    [{ cancellationDate: 'soon' }, 'unknown'],
  ])('%j is %s on 2026-11-25', (policy, standing) => {
    expect(policyStanding(policy, TODAY)).toBe(standing);
  });

  it('reads today from a Date or a timestamp, in UTC', () => {
    const policy = { cancellationDate: TODAY };
    expect(policyStanding(policy, new Date('2026-11-25T23:59:00Z'))).toBe('cancelled');
    expect(policyStanding(policy, Date.parse('2026-11-24T23:59:00Z'))).toBe('cancelling');
  });

  it('never calls a policy with a past cancellation in force, whatever its status says', () => {
    expect(
      policyStanding({ cancellationDate: '2026-01-01', status: 'ACTIVE' } as never, TODAY),
    ).toBe('cancelled');
  });
});
