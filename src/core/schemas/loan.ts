import * as v from 'valibot';
import type { LoanStatusValue } from '../loanStatus.js';
import type { Address } from './address.js';
import type { CoBorrower, PrimaryBorrower } from './borrower.js';
import type { CurrentInsurancePolicy } from './currentInsurancePolicy.js';
import type { LoanPurpose, LoanType } from './loanApplicationInput.js';
import type { LoanOfficer } from './loanOfficer.js';

/** A loan application as the service returns it (`GET /v1/loans/{id}`, submit). */
export interface Loan {
  id: string;
  loanNumber: string;
  /** Caller-supplied identifier given at creation; defaults to `loanNumber`. */
  externalId?: string;
  status: LoanStatusValue;
  borrowers: Array<PrimaryBorrower | CoBorrower>;
  property: { address: Address; [key: string]: unknown };
  currentInsurancePolicies: CurrentInsurancePolicy[];
  /** URL of the hosted shop display; the empty string until there is one. */
  hostedDisplayUrl: string;
  /** Short URL of the hosted quote experience (1.4.0), when available. */
  shortHostedDisplayUrl?: string | null;
  /** URL of the contact page (1.3.3), when available. */
  contactPageUrl?: string | null;
  closingDate?: string | null;
  loanAmount?: number | null;
  loanOfficer?: LoanOfficer | null;
  loanPurpose?: LoanPurpose | (string & {}) | null;
  loanType?: LoanType | (string & {}) | null;
  [key: string]: unknown;
}

/**
 * Tolerant parser for a loan application: checks the fields a client relies on and lets every
 * other field, including ones added by later versions of the service, pass through.
 */
export const LoanSchema = v.looseObject({
  id: v.string(),
  loanNumber: v.string(),
  status: v.string(),
  borrowers: v.array(
    v.looseObject({ firstName: v.string(), lastName: v.string(), isPrimary: v.boolean() }),
  ),
  property: v.looseObject({ address: v.looseObject({}) }),
  currentInsurancePolicies: v.optional(v.array(v.looseObject({})), []),
  hostedDisplayUrl: v.optional(v.string(), ''),
  shortHostedDisplayUrl: v.nullish(v.string()),
  contactPageUrl: v.nullish(v.string()),
}) as unknown as v.GenericSchema<unknown, Loan>;
