import { describe, expect, it } from 'vitest';
import type { LoanStatus } from '../../src/core/index.js';
import {
  canShop,
  isClosed,
  isErrored,
  isQuoting,
  isRated,
  LOAN_STATUSES,
} from '../../src/core/index.js';

const HELPERS = { isQuoting, isRated, isErrored, isClosed, canShop } as const;
type HelperName = keyof typeof HELPERS;

/** Which helpers answer true for each status. */
const EXPECTED: Record<LoanStatus, HelperName[]> = {
  NOT_YET_RATED: ['canShop'],
  RC1_RATING: ['isQuoting'],
  RC1_RATED: ['isRated', 'canShop'],
  RC2_RATING: ['isQuoting'],
  RC2_RATED: ['isRated', 'canShop'],
  RC1_ERRORED: ['isErrored', 'canShop'],
  CLOSED_WON: ['isClosed'],
  CLOSED_LOST: ['isClosed'],
};

const truthy = (status: string | null | undefined) =>
  (Object.keys(HELPERS) as HelperName[]).filter((name) => HELPERS[name](status)).sort();

describe('loan status helpers', () => {
  it('LOAN_STATUSES lists the eight documented statuses in lifecycle order', () => {
    expect(LOAN_STATUSES).toEqual([
      'NOT_YET_RATED',
      'RC1_RATING',
      'RC1_RATED',
      'RC2_RATING',
      'RC2_RATED',
      'RC1_ERRORED',
      'CLOSED_WON',
      'CLOSED_LOST',
    ]);
    expect(Object.keys(EXPECTED).sort()).toEqual([...LOAN_STATUSES].sort());
  });

  it.each(LOAN_STATUSES)('%s is classified by exactly the right helpers', (status) => {
    expect(truthy(status)).toEqual([...EXPECTED[status]].sort());
  });

  it('every status is exactly one of quoting, rated, errored, closed, or not yet rated', () => {
    for (const status of LOAN_STATUSES) {
      const phases = [isQuoting, isRated, isErrored, isClosed].filter((f) => f(status)).length;
      expect(phases, status).toBe(status === 'NOT_YET_RATED' ? 0 : 1);
    }
  });

  it.each([
    'RC3_RATING',
    'RC3_RATED',
    'rc1_rated',
    ' RC1_RATED',
    'RC1_RATED ',
    'CLOSED',
    '',
    'constructor',
    '__proto__',
    null,
    undefined,
  ])('an unknown value %j is none of them', (status) => {
    expect(truthy(status)).toEqual([]);
  });

  it('canShop: not while quoting, not once closed; after rating or an error, yes', () => {
    expect(LOAN_STATUSES.filter((s) => canShop(s))).toEqual([
      'NOT_YET_RATED',
      'RC1_RATED',
      'RC2_RATED',
      'RC1_ERRORED',
    ]);
    for (const s of LOAN_STATUSES) {
      if (isQuoting(s) || isClosed(s)) expect(canShop(s), s).toBe(false);
    }
  });
});
