import { readWire } from '../../core/wire/readWire.js';
import type { ExposedPaths, WireObject } from '../../core/wire/WireShape.js';
import type { UnsafeUrl } from './checkServiceUrl.js';
import { checkServiceUrl } from './checkServiceUrl.js';
import type { DocumentLinkRule } from './DocumentLinkRule.js';
import { isCredentialKey } from './isCredentialKey.js';

/** What a projection checks links against, and where it reports the ones it removes. */
export interface ProjectionContext {
  /** Which hosts may serve document links (see `resolveDocumentLinkRule`). */
  documentHosts: DocumentLinkRule;
  /** Told of every URL removed, with the dotted path of its field (arrays are transparent). */
  onUnsafeUrl(field: string, problem: UnsafeUrl): void;
}

const join = (parent: string, key: string) => (parent === '' ? key : `${parent}.${key}`);

// Open maps repeat the same few keys in every answer (coverage letters, dwelling details):
// each is judged once. Bounded, so a service sending ever new keys cannot grow it without end.
const credentialKeys = new Map<string, boolean>();
const CREDENTIAL_KEYS_KEPT = 1_000;

function credentialKey(key: string): boolean {
  let judged = credentialKeys.get(key);
  if (judged === undefined) {
    judged = isCredentialKey(key);
    if (credentialKeys.size < CREDENTIAL_KEYS_KEPT) credentialKeys.set(key, judged);
  }
  return judged;
}

// The same links come back in answer after answer (a carrier's logo, its agent page): each is
// parsed and judged once. Document links are not kept: they are often signed, so each is new,
// and a signed link is a credential until it expires. Bounded as the keys above.
const linkVerdicts = new Map<string, UnsafeUrl | null>();
const LINK_VERDICTS_KEPT = 1_000;

function linkVerdict(raw: string): UnsafeUrl | null {
  let verdict = linkVerdicts.get(raw);
  if (verdict === undefined) {
    verdict = checkServiceUrl(raw);
    if (linkVerdicts.size < LINK_VERDICTS_KEPT) linkVerdicts.set(raw, verdict);
  }
  return verdict;
}

/**
 * A copy of `value` with only the fields `shape` knows and the paths `exposed` adds, at every
 * depth, read as the service client reads answers (see `readWire`: `null` is absent, values of
 * the wrong type converted or left out, unreadable list items dropped). Links are checked: a
 * URL a browser may follow must be safe, and a document link must also fit the document rule;
 * a removed one is told to `ctx`. Keys of open maps that look like credentials are dropped, and
 * prototype keys never created. `undefined` when nothing usable is left (not an object, or a
 * required field missing).
 */
export function projectFields(
  value: unknown,
  shape: WireObject,
  exposed: ExposedPaths,
  ctx: ProjectionContext,
): unknown {
  const reading = readWire(value, shape, {
    unknown: 'drop',
    exposed,
    keepEntry: (key) => !credentialKey(key),
    checkLink(url, kind, parent, key) {
      const problem =
        kind === 'documentLink' ? checkServiceUrl(url, ctx.documentHosts) : linkVerdict(url);
      if (problem === null) return true;
      // The dotted path of a field is joined only here, for a removed link.
      ctx.onUnsafeUrl(join(parent, key), problem);
      return false;
    },
  });
  return reading.ok ? reading.value : undefined;
}
