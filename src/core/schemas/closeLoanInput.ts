import * as v from 'valibot';
import { money, text } from './fields.js';

/** Optional body of close: the insurance the borrower bought elsewhere. */
export const CloseLoanInputSchema = v.object({
  externalInsurance: v.optional(
    v.object({
      carrier: text(200, 'Carrier'),
      coverageA: v.optional(money('Coverage A')),
      premium: v.optional(money('Premium')),
    }),
  ),
});

/** Optional body of close. */
export type CloseLoanInput = v.InferInput<typeof CloseLoanInputSchema>;
