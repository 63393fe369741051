import type { InsuranceError } from '../../core/errors/InsuranceError.js';
import type { Loan } from '../../core/schemas/loan.js';
import type {
  LoanApplicationField,
  LoanApplicationFormValues,
} from './LoanApplicationFormValues.js';

/**
 * Props of `LoanApplicationForm`.
 *
 * @example
 * const props: LoanApplicationFormProps = {
 *   onCreated: (loan) => navigate(`/insurance/${loan.id}`),
 *   defaultValues: { loanNumber: 'LN-100200', propertyState: 'TX' },
 *   lockedFields: ['loanNumber'],
 * };
 */
export interface LoanApplicationFormProps {
  /** Called once the application is created, with the new loan. */
  onCreated: (loan: Loan) => void;
  /**
   * Called when a submission fails (the service refused it, or could not be reached), with the
   * typed error. The form shows why itself and keeps everything the borrower typed.
   */
  onError?: (error: InsuranceError) => void;
  /**
   * Called when a submission is stopped in the page because fields are invalid, with their
   * names (never their values). Nothing was sent.
   */
  onInvalid?: (fields: LoanApplicationField[]) => void;
  /** What the form starts with, e.g. what the lender knows of the borrower. */
  defaultValues?: Partial<LoanApplicationFormValues>;
  /**
   * Fields the lender already knows and the borrower may not change: shown read-only, marked
   * "From your lender", always holding their `defaultValues` value, and submitted. An unknown
   * name throws an `InsuranceError` (`configuration_error`).
   */
  lockedFields?: readonly LoanApplicationField[];
  /** Text of the submit button. Default: the `loanApplicationForm.submit` message. */
  submitLabel?: string;
  /** Added to the root's classes. */
  className?: string;
}
