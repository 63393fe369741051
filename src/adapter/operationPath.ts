import { bffRoutes } from '../core/bffRoutes.js';
import { ValidationError } from '../core/errors/ValidationError.js';
import { isValidId } from '../core/ids.js';
import type { BffOperationName } from '../core/operations.js';
import type { PathParams } from '../core/paths.js';
import { buildPath } from '../core/paths.js';

/**
 * The BFF path of an operation with its ids filled in.
 *
 * @throws {ValidationError} naming the field when an id is missing or malformed, so nothing is
 *   sent (for the rows that carry the loan id in the body, the field is `id`).
 */
export function operationPath(name: BffOperationName, params: PathParams): string {
  const row = bffRoutes[name];
  for (const id of row.pathIds) {
    if (!isValidId(params[id])) {
      const field = row.loanIdInBody && id === 'loanId' ? 'id' : id;
      throw new ValidationError([{ path: field, message: `The ${field} is malformed` }]);
    }
  }
  return buildPath(row.bff.path, params);
}
