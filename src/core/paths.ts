import { ID_PATTERN } from './ids.js';

/** The ids an operation path may take. */
export type PathId = 'loanId' | 'quoteId' | 'policyId';

/** Values for the `{name}` placeholders of a path template. */
export type PathParams = Partial<Record<PathId, string>>;

const PLACEHOLDER = /\{(loanId|quoteId|policyId)\}/g;

/**
 * Fills a path template such as `/v1/loans/{loanId}/shop`. Every id is checked against
 * {@link ID_PATTERN} first, so a hostile id can never add a segment or a query.
 *
 * @throws TypeError when an id is missing or malformed.
 */
export function buildPath(template: string, params: PathParams): string {
  return template.replace(PLACEHOLDER, (_, name: PathId) => {
    const value = params[name];
    if (value === undefined || !ID_PATTERN.test(value)) {
      throw new TypeError(`Invalid ${name}`);
    }
    return value;
  });
}

/** The result of {@link matchPath}: the ids, and whether every one of them is well formed. */
export interface PathMatch {
  readonly params: PathParams;
  readonly valid: boolean;
}

/**
 * Matches a request path against a template, segment by segment. Returns `null` when the path
 * does not have the template's shape; otherwise the ids, with `valid: false` when one of them is
 * malformed (no decoding is done: `%2e%2e` is a malformed id, not `..`), so a router can answer
 * 400 for a bad id and 404 for an unknown route.
 */
export function matchPath(template: string, pathname: string): PathMatch | null {
  const want = template.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return null;
  const params: PathParams = {};
  let valid = true;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    const id = /^\{(loanId|quoteId|policyId)\}$/.exec(w)?.[1] as PathId | undefined;
    if (id) {
      if (h === '') return null;
      params[id] = h;
      valid &&= ID_PATTERN.test(h);
    } else if (w !== h) {
      return null;
    }
  }
  return { params, valid };
}
