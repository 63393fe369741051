import { NotFoundError } from '../../core/errors/NotFoundError.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { BffAuthorizeContext, BffLogger } from './InsuranceBffOptions.js';
import type { ResolvedRoute } from './resolveRoute.js';
import { sha256Hex } from './sha256Hex.js';

/** What {@link authorizeOperation} needs. */
export interface AuthorizeDeps<S extends { id: string }> {
  authorize(ctx: BffAuthorizeContext<S>): boolean | Promise<boolean>;
  relay: EventRelay;
  logger: BffLogger;
}

/** The loan (and policy) a request was authorized for. */
export interface AuthorizedIds {
  loanId?: string;
  policyId?: string;
}

/**
 * Object-level authorization, decided on the path before any upstream call: the host's
 * `authorize` for the loan; for a policy, for the loan the relay learned it belongs to (a
 * policy no event named is unknown). A refusal is a 404 like a missing loan, so a browser cannot
 * probe which ids exist, and an audit line (without bodies, and with the session id hashed,
 * since hosts often use the session token as its id).
 *
 * @throws {NotFoundError} when refused.
 */
export async function authorizeOperation<S extends { id: string }>(
  deps: AuthorizeDeps<S>,
  session: S,
  route: ResolvedRoute,
  request: Request,
): Promise<AuthorizedIds> {
  const { name, params } = route;
  const ids: AuthorizedIds = {};
  if (params.policyId !== undefined) {
    ids.policyId = params.policyId;
    const loanId = await deps.relay.policyLoan(params.policyId);
    if (loanId === null) return refuse(deps, session, route, 'unknown_policy');
    ids.loanId = loanId;
  } else if (params.loanId !== undefined) {
    ids.loanId = params.loanId;
  }
  const allowed = await deps.authorize({ session, operation: name, ...ids, request });
  if (allowed !== true) return refuse(deps, session, route, 'not_authorized');
  return ids;
}

async function refuse<S extends { id: string }>(
  deps: AuthorizeDeps<S>,
  session: S,
  route: ResolvedRoute,
  reason: string,
): Promise<never> {
  deps.logger.warn('insurance bff: access refused', {
    operation: route.name,
    reason,
    ...route.params,
    session: (await sha256Hex(session.id)).slice(0, 16),
  });
  throw new NotFoundError();
}
