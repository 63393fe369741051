import type { HttpMethod, OperationName, Route } from './operations.js';
import { OPERATION_NAMES, operations } from './operations.js';
import type { PathParams } from './paths.js';
import { matchPath } from './paths.js';

/** The outcome of routing a request through the operation table. */
export type OperationMatch =
  | { readonly kind: 'matched'; readonly name: OperationName; readonly params: PathParams }
  /** The path has an operation's shape but an id is malformed: answer 400, build no URL. */
  | { readonly kind: 'invalid_id'; readonly name: OperationName }
  /** The path exists with other methods: answer 405 with `Allow`. */
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly HttpMethod[] }
  | { readonly kind: 'not_found' };

/**
 * Routes a method and a path (already relative to the base) against one side of the operation
 * table: `'upstream'` for the service (the sandbox), `'bff'` for the BFF. Literal segments win
 * over ids, so `/v1/loans/consent` is never read as a loan called `consent`.
 * Operations without a route on that side (`bff: null`) are never matched, even with `routes`.
 */
export function matchOperation(
  side: 'upstream' | 'bff',
  method: string,
  pathname: string,
  /** Routes that replace the table's on that side (a service's `resolveServiceRoutes`). */
  routes?: Readonly<Partial<Record<OperationName, Route>>>,
): OperationMatch {
  // First the most specific routes for this path (fewest ids), whatever their method; only then
  // does the method choose among them, so a wrong method on a literal route is a 405.
  let candidates: Array<{
    name: OperationName;
    method: HttpMethod;
    params: PathParams;
    valid: boolean;
  }> = [];
  let fewest = Number.POSITIVE_INFINITY;
  for (const name of OPERATION_NAMES) {
    const own = operations[name][side];
    const route = own && (routes?.[name] ?? own);
    if (!route) continue;
    const m = matchPath(route.path, pathname);
    if (!m) continue;
    const ids = Object.keys(m.params).length;
    if (ids > fewest) continue;
    if (ids < fewest) candidates = [];
    fewest = ids;
    candidates.push({ name, method: route.method, params: m.params, valid: m.valid });
  }
  if (candidates.length === 0) return { kind: 'not_found' };
  const hit = candidates.find((c) => c.method === method);
  if (!hit)
    return { kind: 'method_not_allowed', allow: [...new Set(candidates.map((c) => c.method))] };
  return hit.valid
    ? { kind: 'matched', name: hit.name, params: hit.params }
    : { kind: 'invalid_id', name: hit.name };
}
