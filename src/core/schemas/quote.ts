import { answerShapes } from '../wire/answerShapes.js';
import { readWire } from '../wire/readWire.js';
import type { WireObject } from '../wire/WireShape.js';
import { wireSchema } from '../wire/wireSchema.js';
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

// One quote: the item of a quote list.
const { list: _list, ...quote } = answerShapes.getShoppedLoan.fields.quotes as WireObject;

/**
 * Tolerant parser for a quote (see `readWire`): a usable id (`ID_PATTERN`), the known fields read
 * leniently (`"1200.00"` is a premium of 1200), everything else passes through.
 */
export const QuoteSchema = wireSchema<Quote>((value) =>
  readWire(value, quote, { unknown: 'keep' }),
);
