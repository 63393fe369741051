import { ValidationError } from '../../core/errors/ValidationError.js';
import type { OperationDefinition } from '../../core/operations.js';
import type { PathParams } from '../../core/paths.js';
import { validateInput } from '../../core/validateInput.js';
import type { BffLogger } from './InsuranceBffOptions.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body to send upstream: fields only the server sets (the row's `serverAssigned`, such as
 * `externalId`) are dropped, and logged so a front end sending them learns they have no effect;
 * for operations whose service takes the loan id in the body, the id comes from the (authorized)
 * path, and a body naming another loan is refused rather than quietly rewritten; then the row's
 * schema cleans it (unknown fields such as `partner_id`, `status` or `premium` are dropped,
 * strings trimmed).
 *
 * @throws {ValidationError} with field issues.
 */
export async function prepareInput(
  row: OperationDefinition,
  body: unknown,
  params: PathParams,
  logger: BffLogger,
): Promise<unknown> {
  if (!row.input) return undefined;
  let value = body;
  if (isPlainObject(value)) {
    const sent = row.serverAssigned.filter((field) => Object.hasOwn(value as object, field));
    if (sent.length > 0) {
      logger.warn('insurance bff: dropped fields only the server sets from a browser request', {
        fields: sent,
      });
      value = Object.fromEntries(Object.entries(value).filter(([k]) => !sent.includes(k)));
    }
  }
  if (row.loanIdInBody && isPlainObject(value)) {
    if (value.id !== undefined && value.id !== params.loanId) {
      throw new ValidationError([
        { path: 'id', message: 'Loan application id does not match the path' },
      ]);
    }
    value = { ...value, id: params.loanId };
  }
  return validateInput(await row.input(), value);
}
