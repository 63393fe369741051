import * as v from 'valibot';
import type { Coverage, CoverageKey, PolicyType } from './currentInsurancePolicy.js';

/** A quote from a carrier (in the shopped loan and in the quote display). */
export interface Quote {
  id: string;
  carrierId?: string;
  carrierName?: string;
  carrierLogoUrl?: string | null;
  /** A link to finish the purchase with an agent. */
  agentBridgeLink?: string | null;
  policyType?: PolicyType | (string & {});
  /** Annual premium in US dollars. */
  premium?: number;
  monthlyPremium?: number;
  effectiveDate?: string;
  coverages?: Partial<Record<CoverageKey, Coverage>>;
  /** Deductibles, e.g. `dwelling`, `wind`. */
  deductibles?: Record<string, Coverage>;
  /** Endorsements, e.g. `floodZone`, `swimmingPool`. */
  endorsements?: Record<string, { included: boolean; [key: string]: unknown }>;
  [key: string]: unknown;
}

/** Tolerant parser for a quote: an id, everything else passes through. */
export const QuoteSchema = v.looseObject({
  id: v.string(),
  premium: v.optional(v.number()),
  monthlyPremium: v.optional(v.number()),
}) as unknown as v.GenericSchema<unknown, Quote>;
