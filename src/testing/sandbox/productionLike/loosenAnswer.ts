import type { ServiceOperationName } from '../../../core/operations.js';
import type { JsonObject } from './isJsonObject.js';
import { isJsonObject } from './isJsonObject.js';
import { loosenInsurancePolicies } from './loosenInsurancePolicies.js';
import { loosenLoan } from './loosenLoan.js';
import type { PolicyLoosening } from './loosenPolicy.js';
import { loosenPolicy } from './loosenPolicy.js';
import { loosenQuotes } from './loosenQuotes.js';
import { withNulls } from './withNulls.js';

/** What loosening an answer may need to know beyond the answer itself. */
export interface AnswerLoosening {
  /** For a policy read: see {@link PolicyLoosening}. */
  policy(policyId: string): PolicyLoosening;
}

type Loosen = (answer: JsonObject, loosening: AnswerLoosening) => JsonObject;

const HOSTED_LINKS = ['shortHostedDisplayUrl', 'contactPageUrl'];

/** An answer a write is done with, its flag as text. */
const successAsText: Loosen = (answer) => ({ ...answer, success: 'true' });

const quotesAnswer: Loosen = (answer) => ({
  ...withNulls(answer, HOSTED_LINKS),
  quotes: loosenQuotes(answer.quotes ?? []),
});

const consent =
  (flag: 'true' | null): Loosen =>
  (answer) => ({ ...withNulls(answer, ['email', 'phone']), consent: flag });

// Per operation, what production does differently. An operation missing here is only given the
// `_meta` every object answer carries.
const LOOSENERS: Partial<Record<ServiceOperationName, Loosen>> = {
  submitLoanApplication: loosenLoan,
  getLoan: loosenLoan,
  // Recorded all the same: a 2xx is the consent recorded, whatever its flag says.
  recordConsent: consent(null),
  recordGeneralConsent: consent('true'),
  recordTcpaConsent: consent('true'),
  // Quoting has started, whatever status the answer echoes.
  shopLoan: (answer) => ({ ...withNulls(answer, HOSTED_LINKS), status: null }),
  getShoppedLoan: quotesAnswer,
  getQuoteDisplay: (answer, loosening) => ({
    ...quotesAnswer(answer, loosening),
    selectedQuoteId: answer.selectedQuoteId ?? null,
  }),
  selectQuote: successAsText,
  scheduleCall: successAsText,
  callMeNow: successAsText,
  closeLoan: successAsText,
  getPolicy: (answer, loosening) =>
    loosenPolicy(answer, loosening.policy(typeof answer.id === 'string' ? answer.id : '')),
  updateCurrentInsurance: (answer) => ({
    ...answer,
    currentInsurancePolicies: loosenInsurancePolicies(answer.currentInsurancePolicies),
  }),
};

/** Unknown to the library, at the top of every object answer. */
const META = { apiVersion: 'v1', environment: 'sandbox' } as const;

/**
 * A success answer of the sandbox loosened the way the production service's are (see
 * `ProductionLikeOptions`): the same way for the same answer, every time. The answer is not
 * changed; a new one is returned. The token's answer, and anything but an object, is returned
 * as it is: the token is read strictly (a credential, not a borrower's data).
 */
export function loosenAnswer(
  name: ServiceOperationName,
  answer: unknown,
  loosening: AnswerLoosening,
): unknown {
  if (name === 'createToken' || !isJsonObject(answer)) return answer;
  const loosen = LOOSENERS[name];
  return { ...(loosen ? loosen(answer, loosening) : answer), _meta: { ...META } };
}
