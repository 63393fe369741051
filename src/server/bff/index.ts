export { BFF_DEFAULTS } from './bffDefaults.js';
export { createInsuranceBff } from './createInsuranceBff.js';
export type {
  AdvisorCallLimits,
  BffAuthorizeContext,
  BffFairnessContext,
  BffLogger,
  InsuranceBff,
  InsuranceBffOptions,
  RateWindow,
  SessionLimits,
} from './InsuranceBffOptions.js';
export type { LoanEventsPage } from './pollLoanEvents.js';
