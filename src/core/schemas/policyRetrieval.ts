import { readAnswer } from '../wire/readAnswer.js';
import { wireSchema } from '../wire/wireSchema.js';

/** What initiate policy retrieval answers: where the borrower enters carrier credentials. */
export interface PolicyRetrieval {
  /** The loan application the retrieval is for, when the answer names it. */
  id?: string;
  /** URL of the hosted retrieval experience. */
  retrievalUrl: string;
  [key: string]: unknown;
}

/**
 * Tolerant parser for a policy retrieval: the URL is required (a retrieval is useless without
 * it), read from `retrievalUrl` or, since its name is not documented, `url`,
 * `hostedRetrievalUrl` or `retrieveUrl`, and always given as `retrievalUrl`.
 */
export const PolicyRetrievalSchema = wireSchema<PolicyRetrieval>((value) =>
  readAnswer('initiatePolicyRetrieval', value, { unknown: 'keep' }),
);
