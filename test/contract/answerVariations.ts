/** A step of a path into a JSON value: an object key or a list index. */
export type Step = string | number;

/** How a variation changes its answer. */
export type VariationKind =
  /** The field is `null` ("not known yet"). */
  | 'null'
  /** The field is left out. */
  | 'absent'
  /** The right thing in the wrong type: a number as text, text as a number, a flag as text. */
  | 'drift'
  /** A field the library does not know, added to an object. */
  | 'unknown'
  /** An item that cannot be read, added to a list. */
  | 'badItem';

/** One answer derived from a documented one, and what was changed. */
export interface Variation {
  kind: VariationKind;
  /** Where: the changed field, the object given a new field, or the list given a bad item. */
  path: readonly Step[];
  body: unknown;
}

/** The name of the field every `unknown` variation adds: it must never reach a browser. */
export const UNKNOWN_FIELD = 'zzUnexpectedField';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same text a number would have, or a number where text was: what a service might send. */
function drifted(value: unknown): unknown {
  if (typeof value === 'number') return value.toFixed(2);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : 4417;
  }
  // A lone object where a list was, and a list of one where an object was.
  if (Array.isArray(value)) return value.length > 0 ? value[0] : {};
  if (isRecord(value)) return [value];
  return undefined;
}

/** A copy of `root` with `change` applied at `path` (an empty path changes the root). */
export function changeAt(
  root: unknown,
  path: readonly Step[],
  change: (parent: Record<string, unknown> | unknown[], key: Step) => void,
): unknown {
  const copy = structuredClone(root);
  let node: unknown = copy;
  for (const step of path.slice(0, -1)) node = (node as Record<string, unknown>)[step as string];
  change(node as Record<string, unknown>, path.at(-1) as Step);
  return copy;
}

/** A readable name of a path: `quotes.1.premium`. */
export const pathName = (path: readonly Step[]) => (path.length === 0 ? '(root)' : path.join('.'));

/**
 * Every single variation of a documented answer: each field `null`, left out and type-drifted;
 * a field the library does not know added to every object; an unreadable item added to every
 * list (`"not an item"`, `42`, `null` and an empty object take turns, by depth).
 */
export function answerVariations(body: unknown): Variation[] {
  const out: Variation[] = [];
  const walk = (value: unknown, path: Step[]) => {
    if (Array.isArray(value)) {
      const bad = ['not an item', 42, null, {}][path.length % 4];
      out.push({
        kind: 'badItem',
        path,
        body: changeAt(body, [...path, value.length], (list, key) => {
          (list as unknown[])[key as number] = bad;
        }),
      });
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
      return;
    }
    if (!isRecord(value)) return;
    out.push({
      kind: 'unknown',
      path,
      body:
        path.length === 0
          ? { ...value, [UNKNOWN_FIELD]: { nested: 'x' } }
          : changeAt(body, path, (parent, key) => {
              const object = (parent as Record<string, unknown>)[key as string] as object;
              (parent as Record<string, unknown>)[key as string] = {
                ...object,
                [UNKNOWN_FIELD]: { nested: 'x' },
              };
            }),
    });
    for (const [key, inner] of Object.entries(value)) {
      const at = [...path, key];
      if (inner !== null) {
        out.push({ kind: 'null', path: at, body: changeAt(body, at, (p, k) => set(p, k, null)) });
      }
      out.push({ kind: 'absent', path: at, body: changeAt(body, at, (p, k) => remove(p, k)) });
      const wrong = drifted(inner);
      if (wrong !== undefined) {
        out.push({ kind: 'drift', path: at, body: changeAt(body, at, (p, k) => set(p, k, wrong)) });
      }
      walk(inner, at);
    }
  };
  walk(body, []);
  return out;
}

function set(parent: Record<string, unknown> | unknown[], key: Step, value: unknown): void {
  (parent as Record<string, unknown>)[key as string] = value;
}

function remove(parent: Record<string, unknown> | unknown[], key: Step): void {
  delete (parent as Record<string, unknown>)[key as string];
}

/**
 * `base` with the change `v` made to its answer applied too: the value at the variation's path
 * (or the new item, or the new field) copied over, when the path still leads somewhere in `base`.
 */
export function applyVariation(base: unknown, v: Variation): unknown {
  const out = structuredClone(base);
  const target = v.kind === 'badItem' || v.kind === 'unknown' ? v.path : v.path.slice(0, -1);
  let from: unknown = v.body;
  let to: unknown = out;
  for (const step of target) {
    from = (from as Record<string, unknown> | undefined)?.[step as string];
    to = (to as Record<string, unknown> | undefined)?.[step as string];
  }
  if (!isRecord(to) && !Array.isArray(to)) return out;
  if (v.kind === 'badItem' && Array.isArray(to) && Array.isArray(from)) to.push(from.at(-1));
  else if (v.kind === 'unknown' && isRecord(to)) to[UNKNOWN_FIELD] = { nested: 'x' };
  else {
    const key = v.path.at(-1) as string;
    const parent = to as Record<string, unknown>;
    const changed = from as Record<string, unknown> | undefined;
    if (v.kind === 'absent') delete parent[key];
    else parent[key] = changed?.[key];
  }
  return out;
}
