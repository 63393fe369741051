import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';
import type { Quote } from './quote.js';
import type { ShopResult } from './shopResult.js';

/** A quote as shown to the borrower, marked when it is the selected one. */
export interface DisplayQuote extends Quote {
  selected?: boolean;
}

/** The recommended quotes, formatted for display (`GET /v1/loans/{id}/display`). */
export interface QuoteDisplay extends ShopResult {
  quotes: DisplayQuote[];
  /** The quote the borrower selected, or `null` when none is. */
  selectedQuoteId: string | null;
}

/**
 * Tolerant parser for the quote display (see `readWire` and `settleSelection`). The field that
 * names the selected quote is not documented, so each known way is read: `selectedQuoteId`, a
 * `selectedQuote` (an id or a quote), or a per-quote `selected` / `isSelected` flag. The output
 * names it one way: `selectedQuoteId`, and `selected` on every quote. A selected quote given
 * whole but missing from `quotes` is added to them, so the borrower's choice never disappears.
 */
export const QuoteDisplaySchema = wireSchema<QuoteDisplay>((value) =>
  readAnswer('getQuoteDisplay', value, { unknown: 'keep' }),
);
