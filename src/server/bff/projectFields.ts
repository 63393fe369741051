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

const isPrimitive = (value: unknown): value is Primitive =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

const join = (field: string, key: string) => (field === '' ? key : `${field}.${key}`);

function leaf(value: unknown): unknown {
  if (isPrimitive(value)) return value;
  return Array.isArray(value) && value.every(isPrimitive) ? [...value] : undefined;
}

function link(
  value: unknown,
  shape: 'link' | 'requiredLink' | 'documentLink',
  field: string,
  ctx: ProjectionContext,
): unknown {
  if (value === undefined || value === null || value === '') return value;
  const fallback = shape === 'link' ? null : shape === 'requiredLink' ? '' : undefined;
  const problem =
    typeof value === 'string'
      ? checkServiceUrl(value, shape === 'documentLink' ? ctx.documentHosts : undefined)
      : ({ host: null, reason: 'unsafe' } as const);
  if (problem === null) return value;
  ctx.onUnsafeUrl(field, problem);
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
  field: string,
  ctx: ProjectionContext,
): unknown {
  const known = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
  // A known field keeps its checks even when exposed: exposing never lets an unsafe link out.
  if (known !== undefined) {
    return project(value, known, exposed === true ? undefined : exposed, field, ctx);
  }
  if (exposed === true) return copyJson(value);
  if (shape.entries !== undefined && !isCredentialKey(key)) {
    return project(value, shape.entries, exposed, field, ctx);
  }
  return exposed === undefined ? undefined : project(value, NOTHING, exposed, field, ctx);
}

function project(
  value: unknown,
  shape: FieldShape,
  exposed: ExposedPaths | undefined,
  field: string,
  ctx: ProjectionContext,
): unknown {
  if (shape === 'value') return leaf(value);
  if (typeof shape === 'string') return link(value, shape, field, ctx);
  if (Array.isArray(value)) {
    return value
      .map((item) => project(item, shape, exposed, field, ctx))
      .filter((item) => item !== undefined);
  }
  if (value === null) return null;
  if (!isRecord(value)) return shape.orValue && isPrimitive(value) ? value : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (isPrototypeKey(key)) continue;
    const kept = projectKey(key, inner, shape, exposed?.get(key), join(field, key), ctx);
    if (kept !== undefined) out[key] = kept;
  }
  return shape.required?.some((key) => isMissing(out[key])) ? undefined : out;
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
  return project(value, shape, exposed, '', ctx);
}
