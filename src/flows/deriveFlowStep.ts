import { isClosed, isErrored, isQuoting, isRated } from '../core/index.js';
import type { LoanCoverage } from '../hooks/index.js';
import type { FlowPath, FlowStep } from './FlowStep.js';

/** What {@link deriveFlowStep} decides from. */
export interface FlowFacts {
  loanId: string | undefined;
  /** The loan's status, once read (`undefined` before, or when the answer left it out). */
  status: string | undefined;
  /** The loan has been read (or failed to be). */
  loanRead: boolean;
  loanFailed: boolean;
  coverage: LoanCoverage;
  /** The path the borrower chose in this visit. */
  path: FlowPath | undefined;
  /** The borrower agreed to the shopping terms in this visit. */
  consented: boolean;
  /** The borrower closed the application in this visit. */
  closedHere: boolean;
}

/**
 * The step a borrower is at, from what the service says (the loan's status, its policies) and
 * what the borrower did in this visit: a reload, or a visit days later, lands on the same step
 * for everything the service remembers. Policies win over everything: a borrower with a policy
 * in force is covered, whatever else happened.
 *
 * @example
 * deriveFlowStep({ loanId: 'ln_1', status: 'RC1_RATED', loanRead: true, loanFailed: false,
 *   coverage: 'none', path: undefined, consented: false, closedHere: false }); // 'quotes'
 */
export function deriveFlowStep(facts: FlowFacts): FlowStep {
  const { loanId, status, coverage, path } = facts;
  if (!loanId) return 'application';
  if (coverage === 'covered') return 'covered';
  if (coverage === 'loading') return 'loading';
  if (coverage === 'lapsed') return path === 'existing' ? 'retrieval' : 'lapsed';
  if (!facts.loanRead) return 'loading';
  if (facts.loanFailed && status === undefined) return 'unavailable';
  if (status === 'CLOSED_WON') return 'covered';
  if (isClosed(status) || facts.closedHere) return 'closed';
  if (path === 'existing') return 'retrieval';
  if (isQuoting(status)) return 'quoting';
  if (isRated(status)) return 'quotes';
  if (isErrored(status)) return 'quotingFailed';
  if (path === 'shop') return facts.consented ? 'quoting' : 'consent';
  return 'choose';
}
