import * as v from 'valibot';

/** What initiate policy retrieval answers: where the borrower enters carrier credentials. */
export interface PolicyRetrieval {
  /** The loan application the retrieval is for. */
  id: string;
  /** URL of the hosted retrieval experience. */
  retrievalUrl: string;
  [key: string]: unknown;
}

/** Tolerant parser for a policy retrieval. */
export const PolicyRetrievalSchema = v.looseObject({
  id: v.string(),
  retrievalUrl: v.string(),
}) as unknown as v.GenericSchema<unknown, PolicyRetrieval>;
