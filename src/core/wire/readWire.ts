import { isPrototypeKey } from '../isPrototypeKey.js';
import { readLeaf } from './readLeaf.js';
import type { ExposedPaths, WireField, WireLinkKind, WireObject } from './WireShape.js';

/** Why a value of an answer was left out (see {@link ReadWireOptions.onDrop}). */
export type WireDrop =
  /** A leaf of the wrong kind that could not be converted, or a primitive where an object is. */
  | 'unreadable'
  /** An item of a list that could not be read (not an object, or missing a required field). */
  | 'item'
  /** An object missing a field it cannot be used without. */
  | 'incomplete';

/** Options of {@link readWire}. */
export interface ReadWireOptions {
  /**
   * Fields the shape does not know: `keep` passes them on as sent (what the service client
   * returns, for the host's own code); `drop` leaves them out at every depth, unless `exposed`
   * names them (what a browser receives).
   */
  unknown: 'keep' | 'drop';
  /** With `drop`: the unknown fields a host lets through. */
  exposed?: ExposedPaths | undefined;
  /** With `drop`: whether a key of an open map may be kept (the BFF refuses credential keys). */
  keepEntry?: ((key: string) => boolean) | undefined;
  /** Whether a URL may be kept; without it links are read as text. */
  checkLink?:
    | ((url: string, kind: WireLinkKind, parent: string, key: string) => boolean)
    | undefined;
  /**
   * Told of every value left out, with the dotted path of its field (lists are transparent:
   * `quotes.premium`). Never given the value itself, which may be personal data or a credential.
   * `null` is not reported: it means "absent".
   */
  onDrop?: ((field: string, reason: WireDrop) => void) | undefined;
  /**
   * Required top-level fields to take when the answer leaves them out (the ids the path already
   * gives: a loan read without its `id` is about the loan asked for).
   */
  fill?: Readonly<Record<string, string>> | undefined;
}

/** What {@link readWire} made of an answer. */
export type WireReading =
  | { ok: true; value: Record<string, unknown> }
  /** The answer is not an object, or misses `field`, which it cannot be used without. */
  | { ok: false; field: string };

const NOTHING: WireObject = { fields: {} };
const { hasOwn } = Object;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

const join = (parent: string, key: string) => (parent === '' ? key : `${parent}.${key}`);

// Copied as JSON, never creating a prototype key: what a host exposes whole.
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson).filter((v) => v !== undefined);
  if (!isRecord(value)) return readLeaf('value', value) ?? (value === null ? null : undefined);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const copy = isPrototypeKey(key) ? undefined : copyJson(inner);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

// An unsafe link is replaced by what its type allows for "none".
const FALLBACK: Record<WireLinkKind, unknown> = {
  link: null,
  requiredLink: '',
  documentLink: undefined,
};

// The walk's functions live at the top level and take the options along, rather than as
// closures made per answer: the BFF reads every answer twice (client, then browser), and the
// closures cost more than the walk in some set-ups (a bundler that names each function).

function field(
  o: ReadWireOptions,
  raw: unknown,
  known: WireField,
  exposed: ExposedPaths | undefined,
  parent: string,
  key: string,
): unknown {
  if (typeof known === 'string') {
    // Most leaves come in their documented type: taken as they are.
    if (
      typeof raw === 'string'
        ? known === 'text'
        : typeof raw === 'number' && known === 'number' && Number.isFinite(raw)
    ) {
      return raw;
    }
    const read = readLeaf(known, raw);
    if (read === undefined) {
      o.onDrop?.(join(parent, key), 'unreadable');
      return undefined;
    }
    if (
      o.checkLink === undefined ||
      (known !== 'link' && known !== 'requiredLink' && known !== 'documentLink')
    ) {
      return read;
    }
    if (read === '' || o.checkLink(read as string, known, parent, key)) return read;
    return FALLBACK[known];
  }
  if (known.list) return list(o, raw, known, exposed, parent, key);
  // One object where a list came: the list's only item, else nothing readable.
  const one = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
  return object(o, one, known, exposed, parent, key, false);
}

// A new list only once an item differs from the one sent: a list read as sent is kept.
function list(
  o: ReadWireOptions,
  raw: unknown,
  known: WireObject,
  exposed: ExposedPaths | undefined,
  parent: string,
  key: string,
): unknown {
  const items = Array.isArray(raw) ? raw : isRecord(raw) ? [raw] : undefined;
  if (items === undefined) {
    o.onDrop?.(join(parent, key), 'unreadable');
    return undefined;
  }
  let out: unknown[] | undefined = items === raw ? undefined : [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const read = item === null ? undefined : object(o, item, known, exposed, parent, key, true);
    if (read === undefined) o.onDrop?.(join(parent, key), 'item');
    if (read === item && out === undefined) continue;
    out ??= items.slice(0, i);
    if (read !== undefined) out.push(read);
  }
  return out ?? raw;
}

function unknownField(
  o: ReadWireOptions,
  raw: unknown,
  shape: WireObject,
  exposed: ExposedPaths | true | undefined,
  parent: string,
  key: string,
): unknown {
  if (exposed === true) return copyJson(raw);
  const keep = o.unknown === 'keep';
  if (shape.entries !== undefined && (keep || o.keepEntry === undefined || o.keepEntry(key))) {
    const entry = field(o, raw, shape.entries, exposed, parent, key);
    // An entry of an open map with nothing readable in it (`{ "note": {…} }` among coverages)
    // says nothing: it is left out rather than shown as an empty line.
    if (isRecord(entry) && isRecord(raw) && isEmpty(entry)) {
      if (!isEmpty(raw)) o.onDrop?.(join(parent, key), 'unreadable');
      return undefined;
    }
    return entry;
  }
  if (keep) return raw;
  if (exposed === undefined) return undefined;
  // Exposed below this key: arrays are transparent, as in the host's dotted paths.
  if (Array.isArray(raw)) {
    return raw
      .map((item) => object(o, item, NOTHING, exposed, parent, key, true))
      .filter((item) => item !== undefined);
  }
  return object(o, raw, NOTHING, exposed, parent, key, true);
}

function isEmpty(value: Record<string, unknown>): boolean {
  for (const name in value) if (hasOwn(value, name)) return false;
  return true;
}

/** A copy of the own fields of `raw` that come before `stop` (all of them without it). */
function copyBefore(raw: Record<string, unknown>, stop?: string): Record<string, unknown> {
  const made: Record<string, unknown> = {};
  for (const name in raw) {
    if (name === stop) break;
    if (hasOwn(raw, name)) made[name] = raw[name];
  }
  return made;
}

// The known (and kept) fields of `raw`, with the defaults, before its required fields count.
// Copied only once something differs from what was sent (a field dropped, converted or
// added): an object read as sent is returned as it came, which most of an answer is.
function fieldsOf(
  o: ReadWireOptions,
  raw: Record<string, unknown>,
  shape: WireObject,
  exposed: ExposedPaths | undefined,
  path: string,
): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  const { fields } = shape;
  // Own enumerable keys, as Object.entries gives them, without an array of pairs per object.
  for (const name in raw) {
    if (!hasOwn(raw, name)) continue;
    const inner = raw[name];
    // `null` is "not known": the field is left out, and nobody needs telling.
    let read: unknown;
    if (inner !== null && inner !== undefined && !isPrototypeKey(name)) {
      const known = hasOwn(fields, name) ? fields[name] : undefined;
      const below = exposed?.get(name);
      read =
        known !== undefined
          ? field(o, inner, known, below === true ? undefined : below, path, name)
          : unknownField(o, inner, shape, below, path, name);
    }
    if (read === inner && out === undefined) continue;
    out ??= copyBefore(raw, name);
    if (read !== undefined) out[name] = read;
  }
  const { defaults } = shape;
  if (defaults !== undefined) {
    for (const name in defaults) {
      if ((out ?? raw)[name] === undefined) {
        out ??= copyBefore(raw);
        const given = defaults[name];
        out[name] = Array.isArray(given) ? [] : given;
      }
    }
  }
  return out ?? raw;
}

function object(
  o: ReadWireOptions,
  raw: unknown,
  shape: WireObject,
  exposed: ExposedPaths | undefined,
  parent: string,
  key: string,
  quiet: boolean,
): unknown {
  if (!isRecord(raw)) {
    if (shape.orValue && readLeaf('value', raw) !== undefined) return raw;
    if (!quiet) o.onDrop?.(join(parent, key), 'unreadable');
    return undefined;
  }
  const path = join(parent, key);
  const out = fieldsOf(o, raw, shape, exposed, path);
  if (missingField(out, shape) === undefined) return out;
  if (!quiet) o.onDrop?.(path, 'incomplete');
  return undefined;
}

/**
 * The one walk over service answers, used both by the service client (`unknown: 'keep'`) and by
 * the BFF for what reaches a browser (`unknown: 'drop'`). It reads an answer as a tolerant
 * reader: `null` is "absent"; a leaf of the wrong type is converted when it can be (see
 * `WireLeaf`) and left out when it cannot; a list item that cannot be read is dropped, never the
 * list; an object missing a required field is dropped from its list, and only the answer itself
 * is refused for one (`{ ok: false, field }`), since a loan or a policy without its id is no
 * answer at all. Prototype keys are never created. Each value left out is told to `onDrop`.
 * What is read as sent is not copied: the result shares those parts with `value`.
 */
export function readWire(value: unknown, shape: WireObject, options: ReadWireOptions): WireReading {
  if (!isRecord(value)) return { ok: false, field: '' };
  const { fill } = options;
  // What the path already says (the loan asked about) stands in for an id the answer left out.
  const given = fill === undefined ? value : { ...value, ...missingFrom(value, shape, fill) };
  const root = fieldsOf(options, given, shape, options.exposed, '');
  const missing = missingField(root, shape);
  return missing === undefined ? { ok: true, value: root } : { ok: false, field: missing };
}

/** The first required field of `shape` that `out` lacks. */
function missingField(out: Record<string, unknown>, shape: WireObject): string | undefined {
  return shape.required?.find((name) => isMissing(out[name]));
}

/** The fill values for the required top-level fields `value` leaves out (or sends as `null`). */
function missingFrom(
  value: Record<string, unknown>,
  shape: WireObject,
  fill: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of shape.required ?? []) {
    const given = fill[name];
    if (given !== undefined && isMissing(value[name])) out[name] = given;
  }
  return out;
}
