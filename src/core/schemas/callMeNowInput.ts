import * as v from 'valibot';
import { phone } from './fields.js';
import { loanIdField } from './loanIdField.js';

/** Body of call me now: the loan application, and optionally the number to call. */
export const CallMeNowInputSchema = v.object({
  id: loanIdField,
  phone: v.optional(phone),
});

/** Body of call me now. */
export type CallMeNowInput = v.InferInput<typeof CallMeNowInputSchema>;
