import type { AuthorizedIds } from './authorizeOperation.js';
import type { ResolvedRoute } from './resolveRoute.js';

/** An authorized, validated request, ready to be answered. */
export interface OperationRequest<S extends { id: string }> {
  route: ResolvedRoute;
  ids: AuthorizedIds;
  /** The cleaned body (the output of the row's input schema), if the row takes one. */
  input: unknown;
  session: S;
  request: Request;
  url: URL;
  /** The write's `Idempotency-Key` and the fingerprint of its request, when it has one. */
  idempotency?: { key: string; fingerprint: string };
}
