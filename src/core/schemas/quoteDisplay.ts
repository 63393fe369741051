import * as v from 'valibot';
import type { Quote } from './quote.js';
import { QuoteSchema } from './quote.js';
import type { ShopResult } from './shopResult.js';
import { shopResultEntries } from './shopResult.js';

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

const selectedQuoteIdOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value !== '') return value;
  if (value !== null && typeof value === 'object') {
    const id =
      (value as { id?: unknown; quoteId?: unknown }).id ?? (value as { quoteId?: unknown }).quoteId;
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
};

const flagged = (quote: Record<string, unknown>) =>
  quote.selected === true || quote.isSelected === true;

/**
 * Tolerant parser for the quote display. The field that names the selected quote is not
 * documented, so each known way is read: `selectedQuoteId`, a `selectedQuote` (an id or a
 * quote), or a per-quote `selected` / `isSelected` flag. The output names it one way:
 * `selectedQuoteId`, and `selected` on every quote. A selected quote given whole but missing
 * from `quotes` is added to them, so the borrower's choice never disappears.
 */
export const QuoteDisplaySchema = v.pipe(
  v.looseObject({
    ...shopResultEntries,
    quotes: v.optional(v.array(QuoteSchema), []),
    selectedQuoteId: v.nullish(v.string()),
    // An id, a quote or anything else: read below, never refused.
    selectedQuote: v.optional(v.unknown()),
  }),
  v.transform((display) => {
    const quotes = display.quotes as Array<Record<string, unknown> & { id: string }>;
    const { selectedQuote, ...rest } = display as typeof display & { selectedQuote?: unknown };
    const selectedQuoteId =
      selectedQuoteIdOf(display.selectedQuoteId) ??
      selectedQuoteIdOf(selectedQuote) ??
      quotes.find(flagged)?.id ??
      null;
    const list =
      selectedQuoteId !== null &&
      !quotes.some((q) => q.id === selectedQuoteId) &&
      typeof selectedQuote === 'object' &&
      selectedQuote !== null &&
      (selectedQuote as { id?: unknown }).id === selectedQuoteId
        ? [...quotes, selectedQuote as Record<string, unknown> & { id: string }]
        : quotes;
    return {
      ...rest,
      selectedQuoteId,
      quotes: list.map((q) => ({ ...q, selected: q.id === selectedQuoteId })),
    };
  }),
) as unknown as v.GenericSchema<unknown, QuoteDisplay>;
