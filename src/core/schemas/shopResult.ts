import * as v from 'valibot';
import type { LoanStatusValue } from '../loanStatus.js';

/** What shop (`PATCH /v1/loans/{id}/shop`) answers. */
export interface ShopResult {
  /** Loan application id. */
  id: string;
  /** The lender's loan number. */
  loanId?: string;
  status: LoanStatusValue;
  hostedDisplayUrl: string;
  contactPageUrl?: string | null;
  shortHostedDisplayUrl?: string | null;
  [key: string]: unknown;
}

/** The fields shop, shopped loan and the quote display share. */
export const shopResultEntries = {
  id: v.string(),
  status: v.string(),
  hostedDisplayUrl: v.optional(v.string(), ''),
  contactPageUrl: v.nullish(v.string()),
  shortHostedDisplayUrl: v.nullish(v.string()),
};

/** Tolerant parser for a shop result. */
export const ShopResultSchema = v.looseObject(shopResultEntries) as unknown as v.GenericSchema<
  unknown,
  ShopResult
>;
