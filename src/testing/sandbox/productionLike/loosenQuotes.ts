import type { JsonObject } from './isJsonObject.js';
import { isJsonObject } from './isJsonObject.js';
import { moneyText } from './moneyText.js';
import { utcMidnight } from './utcMidnight.js';

/**
 * A carrier still rating: no id (so nothing could select it) and no price yet. Appended to every
 * quote list, it is the list item a tolerant reader drops.
 */
const pendingQuote = (rank: number): JsonObject => ({
  carrierId: 'pending',
  carrierName: 'Carrier still rating',
  status: 'PENDING',
  premium: null,
  monthlyPremium: null,
  effectiveDate: null,
  carrierLogoUrl: null,
  rank,
});

/** `{ a: { included, amount: 250000 } }` → `{ a: { included, amount: "250000.00" } }`, no key added. */
function amountsAsText(map: unknown): unknown {
  if (!isJsonObject(map)) return map;
  return Object.fromEntries(
    Object.entries(map).map(([key, entry]) => [
      key,
      isJsonObject(entry) && 'amount' in entry
        ? { ...entry, amount: moneyText(entry.amount) }
        : entry,
    ]),
  );
}

function loosenQuote(quote: JsonObject, index: number, last: boolean): JsonObject {
  const out: JsonObject = {
    ...quote,
    premium: moneyText(quote.premium ?? null),
    monthlyPremium: moneyText(quote.monthlyPremium ?? null),
    // The same calendar day as a UTC timestamp: the components show it as the same date.
    effectiveDate: utcMidnight(quote.effectiveDate),
    // Unknown to the library: where the service ranks it.
    rank: index + 1,
  };
  // One quote of each list with its coverage amounts as text (the map's keys stay as they are:
  // a key the components do not know is shown as an extra row, which is no looseness).
  if (index === 0) out.coverages = amountsAsText(quote.coverages);
  // One carrier without a logo.
  if (last) out.carrierLogoUrl = null;
  return out;
}

/**
 * A quote list as production sends it: prices as text with two decimals, an unknown `rank` on
 * each quote, effective dates as UTC timestamps, the first quote's coverage amounts as text, the
 * last one's `carrierLogoUrl` null, and a pending carrier without an id at the end. Anything but
 * a list is returned as it is.
 */
export function loosenQuotes(quotes: unknown): unknown {
  if (!Array.isArray(quotes)) return quotes;
  const last = quotes.length - 1;
  return [
    ...quotes.map((quote, i) => (isJsonObject(quote) ? loosenQuote(quote, i, i === last) : quote)),
    pendingQuote(quotes.length + 1),
  ];
}
