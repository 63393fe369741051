import type { HttpMethod, OperationName } from './operations.js';
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
 */
export function matchOperation(
  side: 'upstream' | 'bff',
  method: string,
  pathname: string,
): OperationMatch {
  const allow = new Set<HttpMethod>();
  let best: { name: OperationName; params: PathParams; valid: boolean; ids: number } | undefined;
  for (const name of OPERATION_NAMES) {
    const route = operations[name][side];
    if (!route) continue;
    const m = matchPath(route.path, pathname);
    if (!m) continue;
    const ids = Object.keys(m.params).length;
    if (route.method !== method) {
      allow.add(route.method);
      continue;
    }
    if (!best || ids < best.ids) best = { name, params: m.params, valid: m.valid, ids };
  }
  if (best) {
    return best.valid
      ? { kind: 'matched', name: best.name, params: best.params }
      : { kind: 'invalid_id', name: best.name };
  }
  return allow.size > 0 ? { kind: 'method_not_allowed', allow: [...allow] } : { kind: 'not_found' };
}
