import { matchOperation } from '../../core/matchOperation.js';
import type { BffOperationName } from '../../core/operations.js';
import type { PathParams } from '../../core/paths.js';
import { HttpRefusal } from './HttpRefusal.js';

/** A request routed to one row of the operation table. */
export interface ResolvedRoute {
  name: BffOperationName;
  params: PathParams;
  /** The path relative to the base path (what the idempotency fingerprint covers). */
  path: string;
}

/** The answer for every path the BFF does not serve, whatever the reason. */
export const notFound = () => new HttpRefusal(404, 'not_found', 'Not found');

/**
 * The path relative to `basePath`, or `null` when the request is not for the BFF. The URL parser
 * has already resolved dot segments (`/api/insurance/../v1` is `/api/v1`), so a traversal lands
 * outside the base path, never on another operation.
 */
export function stripBasePath(pathname: string, basePath: string): string | null {
  if (basePath === '') return pathname;
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
}

// Only the event stream takes a query parameter (its polling cursor); anything else a browser
// adds (`partner_id`, `debug`) is refused rather than silently dropped, so no caller can think
// it had an effect.
const ALLOWED_QUERY: Partial<Record<BffOperationName, readonly string[]>> = {
  loanEvents: ['after'],
};

/**
 * Routes a request through the BFF side of the operation table: 404 for a path the table does
 * not have, 405 (with `Allow`) for a method it does not take, 400 for a malformed id or query
 * parameter. Nothing else has looked at the request yet.
 */
export function resolveRoute(method: string, path: string, url: URL): ResolvedRoute {
  const match = matchOperation('bff', method, path);
  switch (match.kind) {
    case 'not_found':
      throw notFound();
    case 'method_not_allowed':
      throw new HttpRefusal(405, 'method_not_allowed', 'Method not allowed', {
        Allow: match.allow.join(', '),
      });
    case 'invalid_id':
      throw new HttpRefusal(400, 'invalid_id', 'An id in the path is malformed');
  }
  const name = match.name as BffOperationName;
  if (url.search === '') return { name, params: match.params, path };
  const allowed = ALLOWED_QUERY[name] ?? [];
  const keys = [...url.searchParams.keys()];
  if (keys.some((k) => !allowed.includes(k)) || new Set(keys).size !== keys.length) {
    throw new HttpRefusal(400, 'unsupported_query', 'Unsupported query parameter');
  }
  return { name, params: match.params, path };
}
