import { ValidationError } from '../../core/errors/ValidationError.js';
import { operations } from '../../core/operations.js';
import type { LoanApplicationRequest } from '../../core/schemas/loanApplicationInput.js';
import { validateInput } from '../../core/validateInput.js';
import type { BffContext } from './BffContext.js';
import { HttpRefusal } from './HttpRefusal.js';

/** A new external id: unique per application, and unguessable, so none can be claimed. */
function newExternalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `lir-${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;
}

/**
 * The application to send: the browser's (validated, never with an `externalId`), completed by
 * the host's `prepareApplication` when there is one (checked again: a host mistake is logged and
 * answered 500, since the borrower cannot fix it), with an external id the BFF assigns unless the
 * host set one from its own records.
 *
 * @throws {ValidationError} when the host refuses the application with field issues.
 */
export async function prepareApplication<S extends { id: string }>(
  ctx: Pick<BffContext<S>, 'prepareApplication' | 'logger'>,
  session: S,
  input: unknown,
  request: Request,
): Promise<LoanApplicationRequest> {
  let application = input as LoanApplicationRequest;
  if (ctx.prepareApplication) {
    const prepared = await ctx.prepareApplication({
      session,
      input: structuredClone(application),
      request,
    });
    try {
      application = validateInput(await operations.submitLoanApplication.input(), prepared);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      ctx.logger.error('insurance bff: prepareApplication returned an invalid application', {
        fields: error.issues.map((issue) => issue.path),
      });
      throw new HttpRefusal(500, 'internal_error', 'Internal error');
    }
  }
  return { ...application, externalId: application.externalId ?? newExternalId() };
}
