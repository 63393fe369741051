import type { LoanStatusValue } from '../loanStatus.js';
import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';

/**
 * What shop (`PATCH /v1/loans/{id}/shop`) answers. A 2xx answer means quoting has started,
 * whatever `status` it echoes (the reference's example echoes `NOT_YET_RATED`); the outcome
 * comes with the `loan.shopped` event.
 */
export interface ShopResult {
  /** Loan application id. */
  id: string;
  /** The lender's loan number. */
  loanId?: string;
  /** The status the answer echoes, when it carries one: not the outcome of quoting. */
  status?: LoanStatusValue;
  hostedDisplayUrl: string;
  contactPageUrl?: string | null;
  shortHostedDisplayUrl?: string | null;
  [key: string]: unknown;
}

/**
 * Tolerant parser for a shop result (see `readWire`). Its `id`, when left out, is the loan's
 * the shop was sent for (the service client fills it in from the path).
 */
export const ShopResultSchema = wireSchema<ShopResult>((value) =>
  readAnswer('shopLoan', value, { unknown: 'keep' }),
);
