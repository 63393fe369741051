import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';
import type { Quote } from './quote.js';
import type { ShopResult } from './shopResult.js';

/** A shopped loan application with all its quote options (`GET /v1/loans/{id}/shop`). */
export interface ShoppedLoan extends ShopResult {
  quotes: Quote[];
}

/** Tolerant parser for a shopped loan (see `readWire`): a quote without a usable id is left out. */
export const ShoppedLoanSchema = wireSchema<ShoppedLoan>((value) =>
  readAnswer('getShoppedLoan', value, { unknown: 'keep' }),
);
