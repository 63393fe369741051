import type { FlowPath, FlowStep } from './FlowStep.js';

/**
 * Every event name {@link InsuranceFlow} reports through `onEvent`, in the order a borrower
 * usually meets them. These names are stable: a new one may be added, none is renamed.
 *
 * - `OPEN`: the flow was shown (`resumed` when it starts past the application);
 * - `STEP_VIEW`: a step was shown (`step`);
 * - `APPLICATION_SUBMITTED`: the application form created the loan application;
 * - `PATH_CHOSEN`: shop for a new policy or share an existing one (`path`);
 * - `CONSENT_RECORDED`: the borrower agreed to the shopping terms;
 * - `QUOTES_READY`: quoting finished with quotes (`quoteCount`);
 * - `QUOTING_FAILED`: quoting finished without quotes;
 * - `QUOTE_SELECTED`: the service recorded the borrower's choice (`quoteId`);
 * - `AGENT_BRIDGE_OPENED`: the borrower continued with a quote on the carrier's page (`quoteId`);
 * - `HOSTED_PAGE_OPENED`: the borrower opened the service's hosted page;
 * - `TCPA_CONSENT_RECORDED`: the borrower agreed to be called;
 * - `CALL_REQUESTED`: the borrower asked an advisor to call now;
 * - `CALL_SCHEDULED`: the borrower booked a call;
 * - `RETRIEVAL_EXITED`: the borrower closed the carrier sign-in without sharing a policy;
 * - `RETRIEVAL_FAILED`: the carrier sign-in could not start or failed (`errorCode`);
 * - `POLICY_RECEIVED`: a bound or retrieved policy arrived (`policyCount`);
 * - `CLOSE_CONFIRMED`: the borrower closed the application (insured elsewhere);
 * - `ERROR`: the application could not be read (`errorCode`);
 * - `COMPLETE`: the borrower is covered (also reported through `onComplete`);
 * - `EXIT`: the borrower left the flow (`reason`; also reported through `onExit`).
 */
export const INSURANCE_FLOW_EVENT_NAMES = [
  'OPEN',
  'STEP_VIEW',
  'APPLICATION_SUBMITTED',
  'PATH_CHOSEN',
  'CONSENT_RECORDED',
  'QUOTES_READY',
  'QUOTING_FAILED',
  'QUOTE_SELECTED',
  'AGENT_BRIDGE_OPENED',
  'HOSTED_PAGE_OPENED',
  'TCPA_CONSENT_RECORDED',
  'CALL_REQUESTED',
  'CALL_SCHEDULED',
  'RETRIEVAL_EXITED',
  'RETRIEVAL_FAILED',
  'POLICY_RECEIVED',
  'CLOSE_CONFIRMED',
  'ERROR',
  'COMPLETE',
  'EXIT',
] as const;

/** One of {@link INSURANCE_FLOW_EVENT_NAMES}. */
export type InsuranceFlowEventName = (typeof INSURANCE_FLOW_EVENT_NAMES)[number];

/** Why the borrower left the flow (`onExit`). */
export type FlowExitReason =
  /** The borrower closed the application: insured elsewhere. */
  | 'insured_elsewhere'
  /** The borrower chose to finish later. */
  | 'later'
  /** The application could not be read. */
  | 'error';

/**
 * An analytics event: its name, where the borrower was, and ids and counts only. It never
 * carries personal data (no names, contact details, addresses or amounts), so it can go to an
 * analytics tool as it is.
 */
export interface InsuranceFlowEvent {
  name: InsuranceFlowEventName;
  /** The step the borrower was at. */
  step: FlowStep;
  /** The loan application's id (an opaque id), once there is one. */
  loanId?: string;
  /** When it happened (ms since the epoch). */
  timestamp: number;
  path?: FlowPath;
  quoteId?: string;
  quoteCount?: number;
  policyCount?: number;
  /** The typed error's code (`network_error`, `not_found`, …). */
  errorCode?: string;
  reason?: FlowExitReason;
  /** The flow started past the application (a reload, or a later visit). */
  resumed?: boolean;
}

/** What `onComplete` receives once the borrower is covered. */
export interface FlowCompletion {
  loanId: string;
  /** The bound or retrieved policies (empty when the service closed the application as won but
   * their events are no longer kept). */
  policyIds: readonly string[];
  /** How the borrower got there, when it happened in this visit. */
  path?: FlowPath;
  /** Already covered when the flow opened. */
  resumed: boolean;
}

/** What `onExit` receives. */
export interface FlowExit {
  reason: FlowExitReason;
  step: FlowStep;
  loanId?: string;
  /** The typed error's code, for `error`. */
  errorCode?: string;
}
