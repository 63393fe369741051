import type { SuccessResult } from '../../core/schemas/successResult.js';

/**
 * Props of `CallScheduler`.
 *
 * @example
 * const props: CallSchedulerProps = {
 *   loanId: 'ln_123',
 *   lenderName: 'Acme Bank',
 *   termsOfServiceId: 'tcpa_v2',
 *   timeZone: 'America/Chicago',
 * };
 */
export interface CallSchedulerProps {
  loanId: string;
  /** Named in the TCPA consent disclosure. */
  lenderName: string;
  /** Version of the TCPA terms the borrower agrees to. */
  termsOfServiceId: string;
  /** IANA zone the times are offered in. Default: the browser's. */
  timeZone?: string;
  /** How long from now the earliest call time is, in minutes. Default 120. */
  leadTimeMinutes?: number;
  /** Hours (in `timeZone`) calls may start in, end excluded. Default `{ start: 9, end: 17 }`. */
  businessHours?: { start: number; end: number };
  /** Length of a call slot in minutes. Default 30. */
  slotMinutes?: number;
  /** How many days with free times to offer. Default 7. */
  days?: number;
  /** Offer Monday to Friday only. Default `true`. */
  weekdaysOnly?: boolean;
  /** The current time (for tests and stories). Default `() => new Date()`. */
  now?: () => Date;
  /** Called once a call is scheduled. */
  onScheduled?: (result: SuccessResult) => void;
  /** Called once an advisor was asked to call now. */
  onCalled?: (result: SuccessResult) => void;
  /** Added to the root's classes. */
  className?: string;
}
