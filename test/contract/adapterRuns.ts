import type { InsuranceAdapter } from '../../src/adapter/index.js';
import type { ServiceOperationName } from '../../src/core/index.js';
import type { ServiceFixture } from './serviceFixtures.js';
import { fixtureOf } from './serviceFixtures.js';

/** How a browser reaches one operation through the adapter, for a fixture's ids and request. */
export type AdapterRun = (adapter: InsuranceAdapter, f: ServiceFixture) => Promise<unknown>;

/** The operations a browser reaches (every one the service has but the token). */
export type BrowserOperation = Exclude<ServiceOperationName, 'createToken'>;

const loanId = (f: ServiceFixture) => f.params.loanId as string;
// A captured answer may come without the request: the operation's own fixture gives one.
const body = <T>(f: ServiceFixture) => (f.request ?? fixtureOf(f.operation).request) as T;

/** How a browser reaches each operation through the adapter (calls first record TCPA consent). */
export const ADAPTER_RUNS: Record<BrowserOperation, AdapterRun> = {
  submitLoanApplication: (a, f) => a.createLoanApplication(body(f)),
  getLoan: (a, f) => a.getLoan(loanId(f)),
  recordConsent: (a, f) => a.recordConsent(body(f)),
  recordTcpaConsent: (a, f) => a.recordTcpaConsent(body(f)),
  recordGeneralConsent: (a, f) => a.recordGeneralConsent(body(f)),
  shopLoan: (a, f) => a.shopLoan(loanId(f)),
  getShoppedLoan: (a, f) => a.getShoppedLoan(loanId(f)),
  getQuoteDisplay: (a, f) => a.getQuoteDisplay(loanId(f)),
  selectQuote: (a, f) => a.selectQuote(loanId(f), f.params.quoteId as string),
  scheduleCall: async (a, f) => {
    await a.recordTcpaConsent(fixtureOf('recordTcpaConsent').request as never);
    return a.scheduleCall(body(f));
  },
  callMeNow: async (a, f) => {
    await a.recordTcpaConsent(fixtureOf('recordTcpaConsent').request as never);
    return a.callMeNow(body(f));
  },
  getPolicy: (a, f) => a.getPolicy(f.params.policyId as string),
  initiatePolicyRetrieval: (a, f) => a.initiatePolicyRetrieval(loanId(f)),
  closeLoan: (a, f) => a.closeLoan(loanId(f), body(f)),
  updateLoanContacts: (a, f) => a.updateLoanContacts(loanId(f), body(f)),
  updateCurrentInsurance: (a, f) => a.updateCurrentInsurance(loanId(f), body(f)),
};
