import { ServiceError } from '../../core/errors/ServiceError.js';
import type { OperationDefinition } from '../../core/operations.js';
import { parseResponse } from '../../core/parseResponse.js';

/**
 * Reads a 2xx body with the operation's output schema: `undefined` for a 204 or an operation
 * without output; a body that is not UTF-8 JSON is 502 `invalid_response`, as is one of the wrong
 * shape (through `parseResponse`).
 */
export function parseSuccessBody(
  op: Pick<OperationDefinition, 'output'>,
  status: number,
  body: Uint8Array,
): unknown {
  if (status === 204 || op.output === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new ServiceError(
      502,
      'invalid_response',
      'The service answered with a body that is not JSON',
    );
  }
  return parseResponse(op.output, value);
}
