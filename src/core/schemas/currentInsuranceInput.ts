import * as v from 'valibot';
import { CurrentInsurancePolicySchema } from './currentInsurancePolicy.js';

/** Body of update current insurance: the whole list of the borrower's current policies. */
export const CurrentInsuranceInputSchema = v.pipe(
  v.array(CurrentInsurancePolicySchema, 'Current insurance must be a list'),
  v.maxLength(10, 'At most 10 policies'),
);

/** Body of update current insurance. */
export type CurrentInsuranceInput = v.InferInput<typeof CurrentInsuranceInputSchema>;
