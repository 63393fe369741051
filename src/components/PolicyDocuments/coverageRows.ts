import type { PolicyCoverage } from '../../core/schemas/policy.js';
import type { PolicyDocumentsMessageKey } from './policyDocumentsMessages.js';

/** One line of a policy's coverages, ready to be labelled and formatted. */
export interface CoverageRow {
  /** The key as the service sent it, e.g. `a` or `waterBackup`. */
  key: string;
  /** The message naming a documented coverage; unknown keys have none. */
  label: PolicyDocumentsMessageKey | undefined;
  /** `false` only when the service says the coverage is excluded. */
  included: boolean;
  amount: number | undefined;
}

// Documented keys, in the order a declarations page lists them.
// (A Map: a key such as `toString` must not find anything on a prototype.)
const LABELS = new Map<string, PolicyDocumentsMessageKey>([
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
const ORDER = [...LABELS.keys()];
const rank = (key: string) => {
  const index = ORDER.indexOf(key);
  return index === -1 ? ORDER.length : index;
};

/**
 * The coverages of one coverage map, documented ones first in their usual order, unknown keys
 * after them as sent. An entry that is not a `{ amount, included }` object says nothing
 * readable and is left out.
 */
export function coverageRows(map: PolicyCoverage): CoverageRow[] {
  const rows: CoverageRow[] = [];
  for (const [key, coverage] of Object.entries(map)) {
    if (typeof coverage !== 'object' || coverage === null) continue;
    const { included, amount } = coverage as { included?: unknown; amount?: unknown };
    const known = typeof amount === 'number' ? amount : undefined;
    if (included !== false && included !== true && known === undefined) continue;
    rows.push({ key, label: LABELS.get(key), included: included !== false, amount: known });
  }
  return rows.sort((x, y) => rank(x.key) - rank(y.key));
}
