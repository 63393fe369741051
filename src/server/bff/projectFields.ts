import type { UnsafeUrl } from './checkServiceUrl.js';
import { checkServiceUrl } from './checkServiceUrl.js';
import type { ExposedPaths } from './exposedPaths.js';
import { isCredentialKey } from './isCredentialKey.js';
import { isPrototypeKey } from './isPrototypeKey.js';
import type { FieldShape, ResponseShape } from './ResponseShape.js';

/** What a projection checks links against, and where it reports the ones it removes. */
export interface ProjectionContext {
  /** Hosts document links may point to; empty allows none. */
  documentHosts: readonly string[];
  /** Told of every URL removed, with the dotted path of its field (arrays are transparent). */
  onUnsafeUrl(field: string, problem: UnsafeUrl): void;
}

type Primitive = string | number | boolean | null;

const NOTHING: ResponseShape = { fields: {} };

const isPrimitive = (value: unknown): value is Primitive => {
  if (value === null) return true;
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean';
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

const join = (field: string, key: string) => (field === '' ? key : `${field}.${key}`);

const { hasOwn } = Object;

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

function leaf(value: unknown): unknown {
  if (isPrimitive(value)) return value;
  return Array.isArray(value) && value.every(isPrimitive) ? value.slice() : undefined;
}

function link(
  value: unknown,
  shape: 'link' | 'requiredLink' | 'documentLink',
  parent: string,
  key: string,
  ctx: ProjectionContext,
): unknown {
  if (value === undefined || value === null || value === '') return value;
  const fallback = shape === 'link' ? null : shape === 'requiredLink' ? '' : undefined;
  const problem =
    typeof value !== 'string'
      ? ({ host: null, reason: 'unsafe' } as const)
      : shape === 'documentLink'
        ? checkServiceUrl(value, ctx.documentHosts)
        : linkVerdict(value);
  if (problem === null) return value;
  ctx.onUnsafeUrl(join(parent, key), problem);
  return fallback;
}

// Exposed by the host as a whole: copied as JSON, never creating a prototype key.
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson).filter((v) => v !== undefined);
  if (!isRecord(value)) return isPrimitive(value) ? value : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const copy = isPrototypeKey(key) ? undefined : copyJson(inner);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

function projectKey(
  key: string,
  value: unknown,
  shape: ResponseShape,
  exposed: ExposedPaths | true | undefined,
  parent: string,
  ctx: ProjectionContext,
): unknown {
  const known = hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
  // A known field keeps its checks even when exposed: exposing never lets an unsafe link out.
  if (known !== undefined) {
    return project(value, known, exposed === true ? undefined : exposed, parent, key, ctx);
  }
  if (exposed === true) return copyJson(value);
  if (shape.entries !== undefined && !credentialKey(key)) {
    return project(value, shape.entries, exposed, parent, key, ctx);
  }
  return exposed === undefined ? undefined : project(value, NOTHING, exposed, parent, key, ctx);
}

// The dotted path of a field is its parent's and its key: joined only where it is used (a
// removed link, a nested object's fields), not for every leaf of every answer.
function project(
  value: unknown,
  shape: FieldShape,
  exposed: ExposedPaths | undefined,
  parent: string,
  key: string,
  ctx: ProjectionContext,
): unknown {
  if (shape === 'value') return leaf(value);
  if (typeof shape === 'string') return link(value, shape, parent, key, ctx);
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const kept = project(item, shape, exposed, parent, key, ctx);
      if (kept !== undefined) items.push(kept);
    }
    return items;
  }
  if (value === null) return null;
  if (!isRecord(value)) return shape.orValue && isPrimitive(value) ? value : undefined;
  const out: Record<string, unknown> = {};
  const field = join(parent, key);
  // Own enumerable keys, as Object.entries gives them, without an array of pairs per object.
  for (const name in value) {
    if (!hasOwn(value, name) || isPrototypeKey(name)) continue;
    const kept = projectKey(name, value[name], shape, exposed?.get(name), field, ctx);
    if (kept !== undefined) out[name] = kept;
  }
  const { required } = shape;
  if (required !== undefined) {
    for (const name of required) if (isMissing(out[name])) return undefined;
  }
  return out;
}

/**
 * A copy of `value` with only the fields `shape` knows and the paths `exposed` adds, at every
 * depth (arrays are read element by element). Known leaves keep JSON primitives only; links
 * are checked (see {@link FieldShape}); prototype keys are never created. `undefined` when
 * nothing usable is left (not an object, or a required field missing).
 */
export function projectFields(
  value: unknown,
  shape: ResponseShape,
  exposed: ExposedPaths,
  ctx: ProjectionContext,
): unknown {
  return project(value, shape, exposed, '', '', ctx);
}
