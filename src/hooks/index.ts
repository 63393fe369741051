export { createInsuranceQueryClient } from './createInsuranceQueryClient.js';
export type { InsuranceActionState } from './InsuranceActionState.js';
export type { InsuranceContextValue, InsuranceMessages } from './InsuranceContext.js';
export type { InsuranceProviderProps } from './InsuranceProvider.js';
export { InsuranceProvider } from './InsuranceProvider.js';
export type { InsuranceQueryState } from './InsuranceQueryState.js';
export type { InsuranceKeys } from './insuranceKeys.js';
export { insuranceKeys } from './insuranceKeys.js';
export type { ConsentOperation, InsuranceMutations } from './insuranceMutations.js';
export { insuranceMutations } from './insuranceMutations.js';
export type { InsuranceQueries, InsuranceQueryOptions } from './insuranceQueries.js';
export { insuranceQueries } from './insuranceQueries.js';
export { retryTransient } from './retryTransient.js';
export type { CallMeNowState } from './useCallMeNow.js';
export { useCallMeNow } from './useCallMeNow.js';
export type { CloseLoanState } from './useCloseLoan.js';
export { useCloseLoan } from './useCloseLoan.js';
export type { CreateLoanApplicationState } from './useCreateLoanApplication.js';
export { useCreateLoanApplication } from './useCreateLoanApplication.js';
export { useInsuranceContext } from './useInsuranceContext.js';
export { useLoan } from './useLoan.js';
export type { LoanCoverage, LoanCoverageState } from './useLoanCoverage.js';
export { useLoanCoverage } from './useLoanCoverage.js';
export type { LoanEventsState } from './useLoanEvents.js';
export { useLoanEvents } from './useLoanEvents.js';
export type { LoanPoliciesState } from './useLoanPolicies.js';
export { useLoanPolicies } from './useLoanPolicies.js';
export type { DocumentUrlOptions, PolicyState } from './usePolicy.js';
export { usePolicy } from './usePolicy.js';
export type {
  PolicyRetrievalPhase,
  PolicyRetrievalState,
  UsePolicyRetrievalOptions,
} from './usePolicyRetrieval.js';
export { usePolicyRetrieval } from './usePolicyRetrieval.js';
export type { QuoteDisplayState } from './useQuoteDisplay.js';
export { useQuoteDisplay } from './useQuoteDisplay.js';
export type { RecordConsentState, UseRecordConsentOptions } from './useRecordConsent.js';
export { useRecordConsent } from './useRecordConsent.js';
export type { ScheduleCallState } from './useScheduleCall.js';
export { useScheduleCall } from './useScheduleCall.js';
export type { SelectQuoteState } from './useSelectQuote.js';
export { useSelectQuote } from './useSelectQuote.js';
export type { ShopPhase, ShopState, UseShopOptions } from './useShop.js';
export { useShop } from './useShop.js';
export { useShoppedLoan } from './useShoppedLoan.js';
export type { TcpaConsentState } from './useTcpaConsent.js';
export { useTcpaConsent } from './useTcpaConsent.js';
