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
  const want = segmentsOf(template);
  // A router matches one path against every template in turn: it is split once.
  if (pathname !== lastPath) {
    lastPath = pathname;
    lastSplit = pathname.split('/');
  }
  const have = lastSplit;
  if (want.length !== have.length) return null;
  // Literals first: most templates are ruled out before any id is looked at.
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as Segment;
    if (typeof w === 'string' ? w !== have[i] : have[i] === '') return null;
  }
  const params: PathParams = {};
  let valid = true;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as Segment;
    if (typeof w === 'string') continue;
    const h = have[i] as string;
    params[w.id] = h;
    valid &&= ID_PATTERN.test(h);
  }
  return { params, valid };
}

let lastPath: string | undefined;
let lastSplit: readonly string[] = [];

/** A template's segment: a literal, or an id placeholder. */
type Segment = string | { readonly id: PathId };

// Templates are few and fixed (the operation table's): each is split once.
const SEGMENTS = /* @__PURE__ */ new Map<string, readonly Segment[]>();

function segmentsOf(template: string): readonly Segment[] {
  let segments = SEGMENTS.get(template);
  if (segments === undefined) {
    segments = template.split('/').map((w): Segment => {
      const id = /^\{(loanId|quoteId|policyId)\}$/.exec(w)?.[1] as PathId | undefined;
      return id ? { id } : w;
    });
    // Bounded all the same, should a caller pass templates of its own.
    if (SEGMENTS.size >= 256) SEGMENTS.clear();
    SEGMENTS.set(template, segments);
  }
  return segments;
}
