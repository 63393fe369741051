import type { Quote } from '../../core/schemas/quote.js';
import { coverageRows } from '../shared/coverageRows.js';
import type { TermRow } from '../shared/termRows.js';
import { termRows } from '../shared/termRows.js';
import type { QuoteCardsMessageKey } from './quoteCardsMessages.js';

/** One line of a quote's coverages, deductibles or endorsements, the same on every card. */
export interface QuoteCardRow {
  /** The key as the service sent it, e.g. `a`, `wind` or `floodZone`. */
  key: string;
  /** The message naming a documented key; an unknown key is shown humanized. */
  label: QuoteCardsMessageKey | undefined;
  /** Whether its amounts show cents: some quote sent cents for it. */
  cents: boolean;
}

/**
 * Which lines the cards show, in which order: the union of what the quotes sent, so quotes side
 * by side line up row by row, and a card shows "Not listed" for a line its quote lacks.
 */
export interface QuoteCardRows {
  policyType: boolean;
  effectiveDate: boolean;
  coverages: readonly QuoteCardRow[];
  deductibles: readonly QuoteCardRow[];
  endorsements: readonly QuoteCardRow[];
  /** Whether the annual and the monthly price show cents (on every card alike). */
  premiumCents: boolean;
  monthlyPremiumCents: boolean;
}

const DEDUCTIBLES = new Map<string, QuoteCardsMessageKey>([
  ['dwelling', 'dwellingDeductible'],
  ['wind', 'windDeductible'],
]);
const ENDORSEMENTS = new Map<string, QuoteCardsMessageKey>([
  ['floodZone', 'endorsementFloodZone'],
  ['swimmingPool', 'endorsementSwimmingPool'],
]);

/** The rows of one section of a card, for a quote's map of that section. */
export const deductibleRows = (map: object) => termRows(map, DEDUCTIBLES);
export const endorsementRows = (map: object) => termRows(map, ENDORSEMENTS);

const hasCents = (amount: unknown) => typeof amount === 'number' && !Number.isInteger(amount);

function union(
  maps: readonly unknown[],
  rowsOf: (map: object) => TermRow<QuoteCardsMessageKey>[],
): QuoteCardRow[] {
  // Readable entries only, in the order first sent; a Map keeps `__proto__` an ordinary key.
  const merged = new Map<string, TermRow<QuoteCardsMessageKey>>();
  const cents = new Set<string>();
  for (const map of maps) {
    if (typeof map !== 'object' || map === null) continue;
    for (const row of rowsOf(map)) {
      if (!merged.has(row.key)) merged.set(row.key, row);
      if (hasCents(row.amount)) cents.add(row.key);
    }
  }
  return rowsOf(Object.fromEntries(merged)).map(({ key, label }) => ({
    key,
    label,
    cents: cents.has(key),
  }));
}

/**
 * The rows every card of a set of quotes shows: documented coverages, deductibles and
 * endorsements in their usual order, then unknown ones as sent; never one dropped because only
 * one quote has it. Pass it to each `QuoteCard` as `rows` so the cards line up.
 *
 * @example
 * const rows = quoteCardRows(quotes);
 * quotes.map((q) => <QuoteCard key={q.id} quote={q} rows={rows} … />);
 */
export function quoteCardRows(quotes: readonly Quote[]): QuoteCardRows {
  return {
    policyType: quotes.some((q) => typeof q.policyType === 'string' && q.policyType !== ''),
    effectiveDate: quotes.some(
      (q) => typeof q.effectiveDate === 'string' && q.effectiveDate !== '',
    ),
    coverages: union(
      quotes.map((q) => q.coverages),
      coverageRows,
    ),
    deductibles: union(
      quotes.map((q) => q.deductibles),
      deductibleRows,
    ),
    endorsements: union(
      quotes.map((q) => q.endorsements),
      endorsementRows,
    ),
    premiumCents: quotes.some((q) => hasCents(q.premium)),
    monthlyPremiumCents: quotes.some((q) => hasCents(q.monthlyPremium)),
  };
}
