import type { CoverageMessageKey } from './coverageMessages.js';
import type { TermRow } from './termRows.js';
import { termRows } from './termRows.js';

/** One line of a coverage map, ready to be labelled and formatted. */
export type CoverageRow = TermRow<CoverageMessageKey>;

// Documented keys, in the order a declarations page lists them.
const LABELS = new Map<string, CoverageMessageKey>([
  ['a', 'coverageA'],
  ['b', 'coverageB'],
  ['c', 'coverageC'],
  ['d', 'coverageD'],
  ['e', 'coverageE'],
  ['f', 'coverageF'],
  ['waterBackup', 'coverageWaterBackup'],
  ['computers', 'coverageComputers'],
  ['hvac', 'coverageHvac'],
  ['mineSubsidence', 'coverageMineSubsidence'],
]);

/**
 * The coverages of one coverage map (a policy's or a quote's), documented ones first in their
 * usual order, unknown keys after them as sent; unreadable entries are left out.
 */
export function coverageRows(map: object): CoverageRow[] {
  return termRows(map, LABELS);
}
