import { expect } from 'vitest';

/**
 * The coverage keys the service documents for a quote or a policy's coverage map, in its order.
 * Written out from the service's facts rather than imported from `src/core` (whose list has
 * another order), so the sandbox is checked against the documentation, not against itself.
 */
export const COVERAGE_KEYS = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'waterBackup',
  'computers',
  'hvac',
  'mineSubsidence',
];

/**
 * Asserts a policy's `coverages` is the documented shape: an array of exactly one coverage map,
 * keyed by documented coverage keys, each `{ amount, included }` (never `{ name, ... }` rows).
 */
export function expectCoverageMaps(coverages: unknown): void {
  expect(Array.isArray(coverages)).toBe(true);
  const list = coverages as unknown[];
  expect(list).toHaveLength(1);
  const map = list[0] as Record<string, unknown>;
  expect(map).not.toHaveProperty('name');
  expect(Object.keys(map).length).toBeGreaterThan(0);
  for (const [key, coverage] of Object.entries(map)) {
    expect(COVERAGE_KEYS, key).toContain(key);
    expect(coverage, key).toEqual({ included: expect.any(Boolean), amount: expect.any(Number) });
  }
}
