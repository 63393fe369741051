import type { LoanPurpose } from '../LOAN_PURPOSES.js';
import type { LoanType } from '../LOAN_TYPES.js';
import type { LoanStatusValue } from '../loanStatus.js';
import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';
import type { Address } from './address.js';
import type { CoBorrower, PrimaryBorrower } from './borrower.js';
import type { CurrentInsurancePolicy } from './currentInsurancePolicy.js';
import type { DwellingInfo } from './dwellingInfo.js';
import type { LoanOfficer } from './loanOfficer.js';

/**
 * A loan application as the service returns it (`GET /v1/loans/{id}`, submit). Only `id` is
 * sure to be there: the reference's examples are cut off, and submit is documented to return
 * the id only, so every other field may be missing from a given answer.
 */
export interface Loan {
  id: string;
  loanNumber?: string;
  /** Caller-supplied identifier given at creation; defaults to `loanNumber`. */
  externalId?: string;
  /** Missing when the answer did not carry it (submit's); unknown values are kept as given. */
  status?: LoanStatusValue;
  borrowers: Array<PrimaryBorrower | CoBorrower>;
  property?: { address?: Address; dwellingInfo?: DwellingInfo | null; [key: string]: unknown };
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
 * Tolerant parser for a loan application (see `readWire`): requires the id alone (what every
 * later call needs), reads the fields the library knows leniently (`null` is absent, numbers and
 * numeric text read as the field's type, unreadable values and list items left out), fills the
 * lists and the display URL with empty values when absent, and lets every other field pass.
 */
export const LoanSchema = wireSchema<Loan>((value) =>
  readAnswer('getLoan', value, { unknown: 'keep' }),
);
