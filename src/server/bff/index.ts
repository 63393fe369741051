export { BFF_DEFAULTS } from './bffDefaults.js';
export { createInsuranceBff } from './createInsuranceBff.js';
export type {
  BffAuthorizeContext,
  BffLogger,
  InsuranceBff,
  InsuranceBffOptions,
} from './InsuranceBffOptions.js';
export type { LoanEventsPage } from './pollLoanEvents.js';
