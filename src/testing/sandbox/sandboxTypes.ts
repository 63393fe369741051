import type { LoanStatusValue } from '../../core/loanStatus.js';
import type { Address } from '../../core/schemas/address.js';
import type { CloseLoanInput } from '../../core/schemas/closeLoanInput.js';
import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import type { Loan } from '../../core/schemas/loan.js';
import type { LoanContact } from '../../core/schemas/loanContact.js';
import type { PolicyDetails } from '../../core/schemas/policy.js';
import type { Quote } from '../../core/schemas/quote.js';

/** Who a request acts for: the partner its token is scoped to. */
export interface PartnerScope {
  clientId: string;
  partnerId: string;
  /** The platform partner's id, or null for a directly integrated partner. */
  platformId: string | null;
}

/** A loan application as the sandbox stores it: every field the service documents is set. */
export type SandboxLoanWire = Loan & {
  loanNumber: string;
  status: LoanStatusValue;
  property: { address: Address; [key: string]: unknown };
};

/** A loan application held by the sandbox. `wire` is what the service returns for it. */
export interface SandboxLoan {
  wire: SandboxLoanWire;
  partner: PartnerScope;
  origin: string;
  shortCode: string;
  consent: ConsentRecord | null;
  generalConsent: ConsentRecord | null;
  tcpaConsent: ConsentRecord | null;
  quotes: Quote[];
  selectedQuoteId: string | null;
  contacts: LoanContact[];
  externalInsurance: CloseLoanInput['externalInsurance'] | null;
  cancelQuoting: (() => void) | null;
  policyIds: string[];
}

/** A document of a sandbox policy; its URL is signed when the policy is read. */
export interface SandboxDocument {
  id: string;
  name: string;
  type: string;
  policyId: string;
}

/** A policy held by the sandbox: the wire shape without document URLs, and its owner. */
export interface SandboxPolicy {
  wire: PolicyDetails;
  partner: PartnerScope;
  /** When it was bound or retrieved, on the sandbox clock. */
  boundAt: number;
  documents: SandboxDocument[];
}

/** An advisor task created by schedule call or call me now. */
export interface SandboxCallTask {
  id: string;
  loanId: string;
  kind: 'scheduled' | 'now';
  scheduledAt: string | null;
  phone: string | null;
  createdAt: number;
}

/** A hosted retrieval session. */
export interface SandboxRetrieval {
  token: string;
  loanId: string;
  expiresAt: number;
  policyIds: string[] | null;
}
