import type { ServiceFixture } from './serviceFixtures.js';
import { fixtureOf } from './serviceFixtures.js';

/** The documented loan answer as `loanId`, rated (QuoteCards asks for quotes once they are ready). */
export function ratedLoan(loanId: string): ServiceFixture {
  const loan = fixtureOf('getLoan');
  const body = { ...(loan.response.body as object), id: loanId, status: 'RC1_RATED' };
  return { ...loan, params: { loanId }, response: { status: 200, body } };
}
