import { isRated } from '../../core/loanStatus.js';
import type { LoanPolicyTerms } from './addLoanPolicy.js';
import { addLoanPolicy } from './addLoanPolicy.js';
import { generateQuotes } from './generateQuotes.js';
import { hostedUrl } from './hostedUrl.js';
import { supplementalCoverages } from './sandboxCoverages.js';
import type { SandboxRuntime } from './sandboxRuntime.js';
import { sandboxToday } from './sandboxToday.js';
import type { SandboxLoan } from './sandboxTypes.js';

/** Primary borrower first name that makes quoting fail (`RC1_ERRORED`). */
export const RATING_ERROR_FIRST_NAME = 'Rating_error';
/** Primary borrower first name that binds a policy when shopping completes. */
export const BIND_POLICY_FIRST_NAME = 'Bind_policy';
/**
 * Primary borrower first name that binds a policy when shopping completes, as
 * {@link BIND_POLICY_FIRST_NAME} does, already cancelled: its `cancellationDate` is the sandbox
 * clock's current day and its status `CANCELLED` (so does a supplemental policy bound with it).
 */
export const CANCELLED_POLICY_FIRST_NAME = 'Cancelled_policy';
/** Primary borrower last names that add a supplemental policy, and its policy type. */
export const SUPPLEMENTAL_LAST_NAMES: Readonly<Record<string, string>> = {
  Wind: 'WIND',
  Dwelling_fire: 'DWELLING_FIRE',
  Fire: 'DWELLING_FIRE',
  Flood: 'FLOOD',
  Earthquake: 'EARTHQUAKE',
};

const primaryOf = (loan: SandboxLoan) => loan.wire.borrowers.find((b) => b.isPrimary);

/** Starts a quoting round: RC1 from scratch or after an error, RC2 to re-quote a rated loan. */
export function startQuoting(rt: SandboxRuntime, loan: SandboxLoan): void {
  const round = isRated(loan.wire.status) ? 2 : 1;
  loan.wire.status = round === 1 ? 'RC1_RATING' : 'RC2_RATING';
  loan.wire.hostedDisplayUrl = hostedUrl(loan.origin, 'display', loan.wire.id);
  loan.wire.shortHostedDisplayUrl = hostedUrl(loan.origin, 's', loan.shortCode);
  loan.cancelQuoting = rt.clock.setTimer(rt.quoteDelayMs(), () => completeQuoting(rt, loan, round));
}

function completeQuoting(rt: SandboxRuntime, loan: SandboxLoan, round: number): void {
  loan.cancelQuoting = null;
  const primary = primaryOf(loan);
  if (primary?.firstName === RATING_ERROR_FIRST_NAME) {
    loan.wire.status = 'RC1_ERRORED';
    loan.quotes = [];
  } else {
    loan.wire.status = round === 1 ? 'RC1_RATED' : 'RC2_RATED';
    loan.quotes = generateQuotes(loan, round, rt.clock.now(), rt.assetOrigin);
  }
  loan.selectedQuoteId = null;
  rt.emit(loan.partner, 'loan.shopped', 'loan', { loanId: loan.wire.id });
  const bind = primary?.firstName === BIND_POLICY_FIRST_NAME;
  const cancelled = primary?.firstName === CANCELLED_POLICY_FIRST_NAME;
  if ((bind || cancelled) && loan.quotes.length > 0 && loan.policyIds.length === 0) {
    bindPolicies(rt, loan, cancelled);
  }
}

/**
 * Binds the cheapest quote (and a supplemental policy for the last names that ask for one).
 * With `cancelled`, each policy is cancelled as of the sandbox clock's current day.
 */
function bindPolicies(rt: SandboxRuntime, loan: SandboxLoan, cancelled: boolean): void {
  const cheapest = [...loan.quotes].sort((a, b) => (a.premium ?? 0) - (b.premium ?? 0))[0];
  if (!cheapest) return;
  const today = sandboxToday(rt.clock);
  const effectiveDate = cheapest.effectiveDate ?? today;
  const cancellation = cancelled ? { cancelledOn: today } : {};
  const specs: LoanPolicyTerms[] = [
    {
      effectiveDate,
      carrier: cheapest.carrierName ?? 'Sandbox carrier',
      policyType: String(cheapest.policyType ?? 'HO3'),
      premium: cheapest.premium ?? 1200,
      coverageMap: cheapest.coverages ?? {},
      ...cancellation,
    },
  ];
  const supplemental = SUPPLEMENTAL_LAST_NAMES[primaryOf(loan)?.lastName ?? ''];
  if (supplemental) {
    specs.push({
      effectiveDate,
      carrier: `${cheapest.carrierName ?? 'Sandbox'} ${supplemental.replace('_', ' ').toLowerCase()}`,
      policyType: supplemental,
      premium: Math.round((cheapest.premium ?? 1200) * 0.45),
      coverageMap: supplementalCoverages(supplemental, cheapest.coverages?.a?.amount ?? 250_000),
      ...cancellation,
    });
  }
  for (const spec of specs) addLoanPolicy(rt, loan, spec, 'policy.bound');
}
