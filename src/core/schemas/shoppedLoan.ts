import * as v from 'valibot';
import type { Quote } from './quote.js';
import { QuoteSchema } from './quote.js';
import type { ShopResult } from './shopResult.js';
import { shopResultEntries } from './shopResult.js';

/** A shopped loan application with all its quote options (`GET /v1/loans/{id}/shop`). */
export interface ShoppedLoan extends ShopResult {
  quotes: Quote[];
}

/** Tolerant parser for a shopped loan. */
export const ShoppedLoanSchema = v.looseObject({
  ...shopResultEntries,
  quotes: v.optional(v.array(QuoteSchema), []),
}) as unknown as v.GenericSchema<unknown, ShoppedLoan>;
