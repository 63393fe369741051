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
  /** The quote the borrower selected, if any. */
  selectedQuoteId?: string | null;
}

/** Tolerant parser for the quote display. */
export const QuoteDisplaySchema = v.looseObject({
  ...shopResultEntries,
  quotes: v.optional(v.array(QuoteSchema), []),
  selectedQuoteId: v.nullish(v.string()),
}) as unknown as v.GenericSchema<unknown, QuoteDisplay>;
