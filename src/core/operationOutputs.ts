import type { GenericSchema } from 'valibot';
import type { OperationName } from './operations.js';
import { ConsentRecordSchema } from './schemas/consentRecord.js';
import { CurrentInsuranceSchema } from './schemas/currentInsurance.js';
import { LoanSchema } from './schemas/loan.js';
import { TcpaConsentStatusSchema } from './schemas/loanEvent.js';
import { PolicySchema } from './schemas/policy.js';
import { PolicyRetrievalSchema } from './schemas/policyRetrieval.js';
import { QuoteDisplaySchema } from './schemas/quoteDisplay.js';
import { ShoppedLoanSchema } from './schemas/shoppedLoan.js';
import { ShopResultSchema } from './schemas/shopResult.js';
import { SuccessResultSchema } from './schemas/successResult.js';
import { TokenResponseSchema } from './schemas/tokenResponse.js';

/**
 * The tolerant parser of each operation's success body (`null` when the service answers 204 or
 * the BFF streams), kept apart from the routes so code that only routes does not load them.
 */
export const operationOutputs = {
  createToken: TokenResponseSchema,
  submitLoanApplication: LoanSchema,
  getLoan: LoanSchema,
  recordConsent: ConsentRecordSchema,
  recordTcpaConsent: ConsentRecordSchema,
  recordGeneralConsent: ConsentRecordSchema,
  shopLoan: ShopResultSchema,
  getShoppedLoan: ShoppedLoanSchema,
  getQuoteDisplay: QuoteDisplaySchema,
  selectQuote: SuccessResultSchema,
  scheduleCall: SuccessResultSchema,
  callMeNow: SuccessResultSchema,
  getPolicy: PolicySchema,
  initiatePolicyRetrieval: PolicyRetrievalSchema,
  closeLoan: SuccessResultSchema,
  updateLoanContacts: null,
  updateCurrentInsurance: CurrentInsuranceSchema,
  getTcpaConsent: TcpaConsentStatusSchema,
  loanEvents: null,
} as const satisfies Record<OperationName, GenericSchema | null>;
