import type {
  AdvisorHours,
  LoanApplicationField,
  LoanApplicationFormValues,
} from '../../components/index.js';
import type { UseInsuranceFlowOptions } from '../useInsuranceFlow.js';

/**
 * Props of `InsuranceFlow`: who the lender is (named in the consents), the versions of the terms
 * the borrower agrees to, and optionally the application's prefill, the advisors' hours and the
 * flow's callbacks.
 *
 * @example
 * const props: InsuranceFlowProps = {
 *   loanId: 'ln_123',
 *   lenderName: 'Acme Home Loans',
 *   termsOfServiceId: 'acme-insurance-terms-2026-01',
 *   tcpaTermsOfServiceId: 'acme-tcpa-2026-01',
 *   onComplete: ({ policyIds }) => console.log(policyIds),
 * };
 */
export interface InsuranceFlowProps extends UseInsuranceFlowOptions {
  /** The lender, named in the consents and the texts. */
  lenderName: string;
  /** Version of the shopping terms the borrower agrees to (recorded with the consent). */
  termsOfServiceId: string;
  /** Version of the TCPA terms (calls by an advisor) the borrower agrees to. */
  tcpaTermsOfServiceId: string;
  /** Prefill of the application form, when the flow starts without `loanId`. */
  applicationDefaults?: Partial<LoanApplicationFormValues>;
  /** Fields of the application form the host already knows: shown, not editable. */
  lockedFields?: readonly LoanApplicationField[];
  /** When advisors take calls. Default: `DEFAULT_ADVISOR_HOURS`. */
  advisorHours?: AdvisorHours;
  /** The borrower's IANA time zone, for call times. Default: the browser's. */
  timeZone?: string;
  /** Show a "Finish later" button that reports `onExit` with reason `later`. Default `false`. */
  showFinishLater?: boolean;
  /** Added to the root's classes. */
  className?: string;
}
