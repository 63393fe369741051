import { ValidationError } from '../../core/errors/ValidationError.js';
import type { OperationDefinition } from '../../core/operations.js';
import type { PathParams } from '../../core/paths.js';
import { validateInput } from '../../core/validateInput.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body to send upstream: for operations whose service takes the loan id in the body, the id
 * comes from the (authorized) path, and a body naming another loan is refused rather than
 * quietly rewritten; then the row's schema cleans it (unknown fields such as `partner_id`,
 * `status` or `premium` are dropped, strings trimmed).
 *
 * @throws {ValidationError} with field issues.
 */
export async function prepareInput(
  row: OperationDefinition,
  body: unknown,
  params: PathParams,
): Promise<unknown> {
  if (!row.input) return undefined;
  let value = body;
  if (row.loanIdInBody && isPlainObject(body)) {
    if (body.id !== undefined && body.id !== params.loanId) {
      throw new ValidationError([
        { path: 'id', message: 'Loan application id does not match the path' },
      ]);
    }
    value = { ...body, id: params.loanId };
  }
  return validateInput(await row.input(), value);
}
