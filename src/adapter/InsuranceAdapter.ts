import type { InsuranceError } from '../core/errors/InsuranceError.js';
import type { CallMeNowInput } from '../core/schemas/callMeNowInput.js';
import type { CloseLoanInput } from '../core/schemas/closeLoanInput.js';
import type { ConsentInput } from '../core/schemas/consentInput.js';
import type { ConsentRecord } from '../core/schemas/consentRecord.js';
import type { CurrentInsurance } from '../core/schemas/currentInsurance.js';
import type { CurrentInsuranceInput } from '../core/schemas/currentInsuranceInput.js';
import type { Loan } from '../core/schemas/loan.js';
import type { LoanApplicationInput } from '../core/schemas/loanApplicationInput.js';
import type { LoanContact } from '../core/schemas/loanContact.js';
import type { LoanEvent, TcpaConsentStatus } from '../core/schemas/loanEvent.js';
import type { Policy } from '../core/schemas/policy.js';
import type { PolicyRetrieval } from '../core/schemas/policyRetrieval.js';
import type { QuoteDisplay } from '../core/schemas/quoteDisplay.js';
import type { ScheduleCallInput } from '../core/schemas/scheduleCallInput.js';
import type { ShoppedLoan } from '../core/schemas/shoppedLoan.js';
import type { ShopResult } from '../core/schemas/shopResult.js';
import type { SuccessResult } from '../core/schemas/successResult.js';

/** Options every adapter call takes. */
export interface AdapterCallOptions {
  /** Cancels the request (React Query passes one to queries). */
  signal?: AbortSignal;
  /**
   * Names one user intent (a click, a form submission): every send of that intent, including
   * retries and a second tab, carries the same key, so the server acts on it once.
   */
  idempotencyKey?: string;
}

/** How a loan's event subscription is doing. */
export type EventConnectionState = 'connecting' | 'open' | 'polling' | 'closed';

/** Options of {@link InsuranceAdapter.subscribe}. */
export interface SubscribeOptions {
  /** Told when the connection opens, falls back to polling, or closes. */
  onStateChange?: (state: EventConnectionState) => void;
  /**
   * Told why the connection closed for good when it was refused, just before the state becomes
   * `closed`: a `NotBffResponseError` when the answer was not the BFF's (usually a wrong
   * `baseUrl`), or the BFF's own refusal (a `NotFoundError` for a loan not the session's).
   */
  onError?: (error: InsuranceError) => void;
}

/**
 * Everything the hooks need from a backend: one async method per operation of the service (as
 * the BFF exposes it) and a subscription to a loan's events. `createHttpAdapter` implements it
 * over the BFF; a host may implement it over its own backend (a GraphQL gateway, say).
 *
 * Methods reject with the core's typed errors (`ValidationError`, `RateLimitedError`, …).
 */
export interface InsuranceAdapter {
  createLoanApplication(input: LoanApplicationInput, options?: AdapterCallOptions): Promise<Loan>;
  getLoan(loanId: string, options?: AdapterCallOptions): Promise<Loan>;
  recordConsent(input: ConsentInput, options?: AdapterCallOptions): Promise<ConsentRecord>;
  recordTcpaConsent(input: ConsentInput, options?: AdapterCallOptions): Promise<ConsentRecord>;
  recordGeneralConsent(input: ConsentInput, options?: AdapterCallOptions): Promise<ConsentRecord>;
  /** Whether TCPA consent was recorded for the loan (through this backend). */
  getTcpaConsent(loanId: string, options?: AdapterCallOptions): Promise<TcpaConsentStatus>;
  shopLoan(loanId: string, options?: AdapterCallOptions): Promise<ShopResult>;
  getShoppedLoan(loanId: string, options?: AdapterCallOptions): Promise<ShoppedLoan>;
  getQuoteDisplay(loanId: string, options?: AdapterCallOptions): Promise<QuoteDisplay>;
  selectQuote(
    loanId: string,
    quoteId: string,
    options?: AdapterCallOptions,
  ): Promise<SuccessResult>;
  scheduleCall(input: ScheduleCallInput, options?: AdapterCallOptions): Promise<SuccessResult>;
  callMeNow(input: CallMeNowInput, options?: AdapterCallOptions): Promise<SuccessResult>;
  getPolicy(policyId: string, options?: AdapterCallOptions): Promise<Policy>;
  /** Starts policy retrieval for a loan application; answers the hosted retrieval URL. */
  initiatePolicyRetrieval(loanId: string, options?: AdapterCallOptions): Promise<PolicyRetrieval>;
  closeLoan(
    loanId: string,
    input?: CloseLoanInput,
    options?: AdapterCallOptions,
  ): Promise<SuccessResult>;
  updateLoanContacts(
    loanId: string,
    contacts: LoanContact[],
    options?: AdapterCallOptions,
  ): Promise<void>;
  /**
   * Replaces the borrower's current policies (`{ currentInsurancePolicies: [...] }`); answers the
   * policies the service now holds.
   */
  updateCurrentInsurance(
    loanId: string,
    input: CurrentInsuranceInput,
    options?: AdapterCallOptions,
  ): Promise<CurrentInsurance>;
  /** Calls `listener` for each new event of the loan until the returned function is called. */
  subscribe(
    loanId: string,
    listener: (event: LoanEvent) => void,
    options?: SubscribeOptions,
  ): () => void;
}
