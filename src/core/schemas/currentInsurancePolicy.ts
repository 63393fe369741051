import * as v from 'valibot';
import { calendarDate, money, text } from './fields.js';

/** Homeowners policy forms. */
export const POLICY_TYPES = ['HO3', 'HO5', 'HO6'] as const;
/** A homeowners policy form. */
export type PolicyType = (typeof POLICY_TYPES)[number];

/** Keys of a coverages object: coverages A to F and the named extras. */
export const COVERAGE_KEYS = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'computers',
  'hvac',
  'mineSubsidence',
  'waterBackup',
] as const;
/** A coverage key. */
export type CoverageKey = (typeof COVERAGE_KEYS)[number];

/** One coverage: whether it is included, and its amount. */
export const CoverageSchema = v.object({
  included: v.boolean('Say whether the coverage is included'),
  amount: money('Coverage amount'),
});
/** One coverage. */
export type Coverage = v.InferOutput<typeof CoverageSchema>;

const coverageEntries = Object.fromEntries(
  COVERAGE_KEYS.map((key) => [key, v.optional(CoverageSchema)]),
) as Record<CoverageKey, v.OptionalSchema<typeof CoverageSchema, undefined>>;

/** The borrower's current insurance policy. Every field is optional. */
export const CurrentInsurancePolicySchema = v.object({
  carrier: v.nullish(text(200, 'Carrier')),
  policyNumber: v.nullish(text(100, 'Policy number')),
  policyType: v.nullish(v.picklist(POLICY_TYPES, 'Choose HO3, HO5 or HO6')),
  premium: v.nullish(money('Premium')),
  deductible: v.nullish(money('Deductible')),
  expirationDate: v.nullish(calendarDate('Expiration date')),
  coverages: v.optional(v.object(coverageEntries)),
});

/** The borrower's current insurance policy. */
export type CurrentInsurancePolicy = v.InferOutput<typeof CurrentInsurancePolicySchema>;
