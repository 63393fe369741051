import type { Loan } from '../../core/schemas/loan.js';

/**
 * What happened to a loan, as far as the BFF can tell (see `loanChangeOfEvent` and
 * `loanChangeOfWrite`): how its cached copy follows.
 */
export type LoanChange =
  /** Its status (and display links) may have moved: the next read takes them from the display. */
  | { kind: 'status' }
  /** Fields as a write sent at `sentAt` left them (the service's answer said so). */
  | { kind: 'fields'; fields: Partial<Loan>; sentAt: number }
  /** A shop sent at `sentAt` started quoting; `fields` are the display links it answered. */
  | { kind: 'quoting'; fields: Partial<Loan>; sentAt: number }
  /** Anything may have changed: the next read is a fresh one. */
  | { kind: 'unknown' };
