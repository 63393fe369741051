import * as v from 'valibot';
import type { LoanStatusValue } from '../loanStatus.js';

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

/** The fields shop, shopped loan and the quote display share (only the id is required). */
export const shopResultEntries = {
  id: v.string(),
  status: v.optional(v.string()),
  hostedDisplayUrl: v.optional(v.string(), ''),
  contactPageUrl: v.nullish(v.string()),
  shortHostedDisplayUrl: v.nullish(v.string()),
};

/** Tolerant parser for a shop result. */
export const ShopResultSchema = v.looseObject(shopResultEntries) as unknown as v.GenericSchema<
  unknown,
  ShopResult
>;
