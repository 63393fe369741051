import * as v from 'valibot';
import { CurrentInsurancePolicySchema } from './currentInsurancePolicy.js';

/**
 * Body of update current insurance (`PUT /v1/loans/{id}/current-insurance`): an object holding
 * the whole list of the borrower's current policies (at most 10), as the service takes it.
 */
const SHAPE = 'Current insurance must be an object with currentInsurancePolicies';

export const CurrentInsuranceInputSchema = v.pipe(
  // A bare list (what the spec's table suggests) is refused by name, not as a missing field.
  v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    SHAPE,
  ),
  v.object(
    {
      currentInsurancePolicies: v.pipe(
        v.array(CurrentInsurancePolicySchema, 'Current insurance policies must be a list'),
        v.maxLength(10, 'At most 10 policies'),
      ),
    },
    SHAPE,
  ),
);

/** Body of update current insurance. */
export type CurrentInsuranceInput = v.InferInput<typeof CurrentInsuranceInputSchema>;
