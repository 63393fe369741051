import type { ClientOperationName } from '../client/ServiceClient.js';
import type { LoanChange } from './LoanChange.js';

/**
 * Writes that change no field of the loan application: consents, quote selections and advisor
 * calls are records of their own.
 */
const LEAVES_LOAN = new Set<ClientOperationName>([
  'recordConsent',
  'recordGeneralConsent',
  'recordTcpaConsent',
  'selectQuote',
  'scheduleCall',
  'callMeNow',
]);

/** The display links a shop answers, when it carries them. */
function linksOf(answer: Record<string, unknown>) {
  const links: Record<string, string> = {};
  for (const key of ['hostedDisplayUrl', 'shortHostedDisplayUrl', 'contactPageUrl']) {
    const value = answer[key];
    if (typeof value === 'string' && value !== '') links[key] = value;
  }
  return links;
}

/**
 * What a write the service accepted (answered 2xx with `output`) did to its loan: `undefined`
 * when it changed no field of the loan. A shop starts quoting, whatever status its answer
 * echoes; a close sets `CLOSED_LOST`; a current-insurance update answers the stored policies.
 * Any other write (loan contacts, which the service maps to the loan officer; policy retrieval)
 * may change the loan in ways its answer does not tell: the next read is a fresh one.
 */
export function loanChangeOfWrite(
  name: ClientOperationName,
  output: unknown,
  sentAt: number,
): LoanChange | undefined {
  if (LEAVES_LOAN.has(name)) return undefined;
  const answer = (output ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'shopLoan':
      return { kind: 'quoting', fields: linksOf(answer), sentAt };
    case 'closeLoan':
      if (answer.success === false) return { kind: 'unknown' };
      return { kind: 'fields', fields: { status: 'CLOSED_LOST' }, sentAt };
    case 'updateCurrentInsurance':
      if (!Array.isArray(answer.currentInsurancePolicies)) return { kind: 'unknown' };
      return {
        kind: 'fields',
        fields: { currentInsurancePolicies: answer.currentInsurancePolicies },
        sentAt,
      };
    default:
      return { kind: 'unknown' };
  }
}
