import type { GenericSchema } from 'valibot';
import type { OperationName } from './operations.js';

// A schema loaded on first use. Typed from the module and the export name so each row keeps its
// exact schema type (an inline arrow would be widened to GenericSchema by the table's constraint).
const lazy =
  <M, K extends keyof M>(load: () => Promise<M>, name: K): (() => Promise<M[K]>) =>
  () =>
    load().then((m) => m[name]);

const tokenRequest = lazy(() => import('./schemas/tokenRequest.js'), 'TokenRequestSchema');
const consentInput = lazy(() => import('./schemas/consentInput.js'), 'ConsentInputSchema');
const callMeNowInput = lazy(() => import('./schemas/callMeNowInput.js'), 'CallMeNowInputSchema');
const closeLoanInput = lazy(() => import('./schemas/closeLoanInput.js'), 'CloseLoanInputSchema');
const scheduleCallInput = lazy(
  () => import('./schemas/scheduleCallInput.js'),
  'ScheduleCallInputSchema',
);
const loanApplicationRequest = lazy(
  () => import('./schemas/loanApplicationInput.js'),
  'LoanApplicationRequestSchema',
);
const currentInsuranceInput = lazy(
  () => import('./schemas/currentInsuranceInput.js'),
  'CurrentInsuranceInputSchema',
);
const loanContactsInput = lazy(() => import('./schemas/loanContact.js'), 'LoanContactsInputSchema');

/**
 * Loads each operation's request body schema (`null` for no body), on first use: code that only
 * routes does not carry the input schemas in its bundle.
 */
export const operationInputs = {
  createToken: tokenRequest,
  submitLoanApplication: loanApplicationRequest,
  getLoan: null,
  recordConsent: consentInput,
  recordTcpaConsent: consentInput,
  recordGeneralConsent: consentInput,
  shopLoan: null,
  getShoppedLoan: null,
  getQuoteDisplay: null,
  selectQuote: null,
  scheduleCall: scheduleCallInput,
  callMeNow: callMeNowInput,
  getPolicy: null,
  initiatePolicyRetrieval: null,
  closeLoan: closeLoanInput,
  updateLoanContacts: loanContactsInput,
  updateCurrentInsurance: currentInsuranceInput,
  getTcpaConsent: null,
  loanEvents: null,
} as const satisfies Record<OperationName, (() => Promise<GenericSchema>) | null>;
