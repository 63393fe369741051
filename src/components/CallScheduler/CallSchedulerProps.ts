import type { SuccessResult } from '../../core/schemas/successResult.js';
import type { AdvisorHours } from './AdvisorHours.js';

/**
 * Props of `CallScheduler`.
 *
 * @example
 * const props: CallSchedulerProps = {
 *   loanId: 'ln_123',
 *   lenderName: 'Acme Bank',
 *   termsOfServiceId: 'tcpa_v2',
 *   timeZone: 'America/Chicago',
 *   advisorHours: { timeZone: 'America/Chicago', days: { mon: { open: '08:00', close: '17:00' } } },
 *   phone: '512-555-0134',
 * };
 */
export interface CallSchedulerProps {
  loanId: string;
  /** Named in the TCPA consent disclosure. */
  lenderName: string;
  /** Version of the TCPA terms the borrower agrees to. */
  termsOfServiceId: string;
  /** IANA zone the times are offered in (the borrower's). Default: the browser's. */
  timeZone?: string;
  /**
   * When advisors take calls, in their own zone: "Call me now" is offered only then, and every
   * offered time lies inside them. Default `DEFAULT_ADVISOR_HOURS`.
   */
  advisorHours?: AdvisorHours;
  /** "Call me now" is not offered in the last this many minutes of advisor hours. Default 15. */
  callNowCutoffMinutes?: number;
  /**
   * The borrower's phone number as the host knows it, shown as the number the advisor will call
   * (the borrower may change it). Default: the number of the recorded TCPA consent; without
   * either, the borrower is asked for one.
   */
  phone?: string;
  /** How long from now the earliest call time is, in minutes. Default 120. */
  leadTimeMinutes?: number;
  /**
   * The older, simpler form of hours: hours of the day in `timeZone` (the borrower's) to which
   * the offered times are narrowed, end excluded, e.g. `{ start: 9, end: 17 }`. Advisor hours
   * still apply. Default: no narrowing.
   */
  businessHours?: { start: number; end: number };
  /** Length of a call slot in minutes. Default 30. */
  slotMinutes?: number;
  /** How many days with free times to offer. Default 7. */
  days?: number;
  /**
   * Offer Monday to Friday only (in `timeZone`), whatever the advisor hours. Default `false`:
   * the advisor hours decide.
   */
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
