import { answerShapes } from './answerShapes.js';
import type { ReadWireOptions, WireReading } from './readWire.js';
import { readWire } from './readWire.js';
import { settleSelection } from './settleSelection.js';

/** A service operation whose answer the library reads. */
export type AnswerName = keyof typeof answerShapes;

// The reference says only that a retrieval's answer "includes a URL for the user's retrieval
// experience": these are the names it may go by, the library's own first.
const RETRIEVAL_URL_FIELDS = ['retrievalUrl', 'url', 'hostedRetrievalUrl', 'retrieveUrl'];

function withRetrievalUrl(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const answer = value as Record<string, unknown>;
  const url = RETRIEVAL_URL_FIELDS.map((key) => answer[key]).find(
    (found) => typeof found === 'string' && found !== '',
  );
  return url === undefined ? answer : { ...answer, retrievalUrl: url };
}

/**
 * Reads the success answer of a service operation with its shape (see `answerShapes` and
 * `readWire`), and says what it means one way: a retrieval's URL is `retrievalUrl` whatever the
 * service called it, and the quote display names its selected quote as `selectedQuoteId` and
 * `selected` on each quote, whichever way the service did.
 */
export function readAnswer(
  name: AnswerName,
  value: unknown,
  options: ReadWireOptions,
): WireReading {
  const shape = answerShapes[name];
  if (name === 'initiatePolicyRetrieval') return readWire(withRetrievalUrl(value), shape, options);
  const reading = readWire(value, shape, options);
  if (!reading.ok || name !== 'getQuoteDisplay') return reading;
  return { ok: true, value: settleSelection(reading.value) };
}
