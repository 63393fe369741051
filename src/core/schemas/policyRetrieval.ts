import * as v from 'valibot';

/** What initiate policy retrieval answers: where the borrower enters carrier credentials. */
export interface PolicyRetrieval {
  /** The loan application the retrieval is for, when the answer names it. */
  id?: string;
  /** URL of the hosted retrieval experience. */
  retrievalUrl: string;
  [key: string]: unknown;
}

// The reference says only that the answer "includes a URL for the user's retrieval experience";
// these are the names it may go by, the library's own first.
const URL_FIELDS = ['retrievalUrl', 'url', 'hostedRetrievalUrl', 'retrieveUrl'] as const;

/**
 * Tolerant parser for a policy retrieval: the URL is required (a retrieval is useless without
 * it), read from `retrievalUrl` or, since its name is not documented, `url`,
 * `hostedRetrievalUrl` or `retrieveUrl`, and always given as `retrievalUrl`.
 */
export const PolicyRetrievalSchema = v.pipe(
  v.looseObject({ id: v.optional(v.string()) }),
  v.transform((answer: Record<string, unknown>) => {
    const url = URL_FIELDS.map((key) => answer[key]).find(
      (value) => typeof value === 'string' && value !== '',
    );
    return url === undefined ? answer : { ...answer, retrievalUrl: url };
  }),
  v.looseObject({ retrievalUrl: v.string() }),
) as unknown as v.GenericSchema<unknown, PolicyRetrieval>;
