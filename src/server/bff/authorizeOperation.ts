import { NotFoundError } from '../../core/errors/NotFoundError.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { BffAuthorizeContext, BffLogger } from './InsuranceBffOptions.js';
import type { ResolvedRoute } from './resolveRoute.js';
import { sessionHash } from './sessionHash.js';

/** What {@link authorizeOperation} needs. */
export interface AuthorizeDeps<S extends { id: string }> {
  authorize(ctx: BffAuthorizeContext<S>): boolean | Promise<boolean>;
  relay: EventRelay;
  logger: BffLogger;
}

/** The loan (and policy) a request was authorized for. */
export interface AuthorizedIds {
  /** The loan; `null` for a policy the BFF holds no link for (the host vouched for it). */
  loanId?: string | null;
  policyId?: string;
}

/**
 * Object-level authorization, decided on the path before any upstream call: the host's
 * `authorize` for the loan; for a policy, with the loan the relay tied it to, or `loanId: null`
 * when there is no such link (its event named no single application, or the link is gone), so
 * only a host that knows the policy from its own records lets it through. A refusal is a 404
 * like a missing loan, so a browser cannot probe which ids exist, and an audit line (without
 * bodies, and with the session id hashed, since hosts often use the session token as its id).
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
    ids.loanId = await deps.relay.policyLoan(params.policyId);
  } else if (params.loanId !== undefined) {
    ids.loanId = params.loanId;
  }
  const allowed = await deps.authorize({ session, operation: name, ...ids, request });
  if (allowed !== true) {
    return refuse(deps, session, route, ids.loanId === null ? 'unlinked_policy' : 'not_authorized');
  }
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
    session: (await sessionHash(session.id)).slice(0, 16),
  });
  throw new NotFoundError();
}
