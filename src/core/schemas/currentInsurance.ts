import * as v from 'valibot';
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
 * write is done); the id, when there, is checked against the loan asked about.
 */
export const CurrentInsuranceSchema = v.looseObject({
  id: v.optional(v.string()),
  currentInsurancePolicies: v.optional(v.array(v.looseObject({}))),
}) as unknown as v.GenericSchema<unknown, CurrentInsurance>;
