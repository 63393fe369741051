/** One line of a coverage, deductible or endorsement map, ready to be labelled and formatted. */
export interface TermRow<K extends string> {
  /** The key as the service sent it, e.g. `a` or `waterBackup`. */
  key: string;
  /** The message naming a documented key; unknown keys have none. */
  label: K | undefined;
  /** `false` only when the service says the term is excluded. */
  included: boolean;
  amount: number | undefined;
}

/**
 * The terms of one `{ key: { included, amount } }` map, the documented ones (`labels`, in their
 * usual order) first, unknown keys after them as sent. An entry that is neither included nor
 * excluded nor an amount says nothing readable and is left out.
 */
export function termRows<K extends string>(
  map: object,
  // A Map: a key such as `toString` must not find anything on a prototype.
  labels: ReadonlyMap<string, K>,
): TermRow<K>[] {
  const order = [...labels.keys()];
  const rank = (key: string) => {
    const index = order.indexOf(key);
    return index === -1 ? order.length : index;
  };
  const rows: TermRow<K>[] = [];
  for (const [key, term] of Object.entries(map)) {
    if (typeof term !== 'object' || term === null) continue;
    const { included, amount } = term as { included?: unknown; amount?: unknown };
    const known = typeof amount === 'number' ? amount : undefined;
    if (included !== false && included !== true && known === undefined) continue;
    rows.push({ key, label: labels.get(key), included: included !== false, amount: known });
  }
  return rows.sort((x, y) => rank(x.key) - rank(y.key));
}
