import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';
import type { CurrentInsurancePolicy } from './currentInsurancePolicy.js';

/** What update current insurance answers: the policies the service now holds for the loan. */
export interface CurrentInsurance {
  /** The loan application id. */
  id?: string;
  /** The stored policies, coverages filled in by the service (absent from an empty answer). */
  currentInsurancePolicies?: Array<Partial<CurrentInsurancePolicy> & Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * Tolerant parser for the answer of update current insurance: nothing in it is required (the
 * write is done). Its `id` is read but never checked: it is not documented as the loan's.
 */
export const CurrentInsuranceSchema = wireSchema<CurrentInsurance>((value) =>
  readAnswer('updateCurrentInsurance', value, { unknown: 'keep' }),
);
