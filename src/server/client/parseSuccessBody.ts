import { ServiceError } from '../../core/errors/ServiceError.js';
import type { OperationDefinition } from '../../core/operations.js';
import { parseResponse } from '../../core/parseResponse.js';

// Fatal: bytes that are not UTF-8 are no JSON, rather than text with replacement characters.
const decoder = new TextDecoder('utf-8', { fatal: true });
const NOT_BLANK = /\S/;

/**
 * Reads a 2xx body with the operation's output schema: `undefined` for a 204 or an operation
 * without output. A body that is empty or not JSON is read as `{}`, which the schema accepts when
 * the library needs nothing from the answer (a close, a selection, a consent): a 2xx is the
 * success, and its unreadable details must not turn it into an error. Otherwise (a loan without
 * its id) it is 502 `invalid_response`, as is any body of the wrong shape.
 */
export function parseSuccessBody(
  op: Pick<OperationDefinition, 'output'>,
  status: number,
  body: Uint8Array,
): unknown {
  if (status === 204 || op.output === null) return undefined;
  let value: unknown = {};
  let readable = true;
  try {
    const text = decoder.decode(body);
    // Whitespace only is an empty body (a test, not a trimmed copy of a large one).
    if (NOT_BLANK.test(text)) value = JSON.parse(text);
  } catch {
    readable = false;
  }
  try {
    return parseResponse(op.output, value);
  } catch (error) {
    if (readable) throw error;
    throw new ServiceError(
      502,
      'invalid_response',
      'The service answered with a body that is not JSON',
    );
  }
}
