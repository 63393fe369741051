import { isValidId } from '../../src/core/ids.js';
import type { WireField, WireObject } from '../../src/core/wire/WireShape.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPrimitive = (value: unknown) =>
  typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

// Fields whose "none" the library says as `null`: an unsafe link, no selected quote.
const NULLABLE = new Set(['selectedQuoteId']);

function leafProblem(kind: string, value: unknown): string | undefined {
  switch (kind) {
    case 'id':
      return isValidId(value) ? undefined : 'not an id';
    case 'text':
    case 'requiredLink':
    case 'documentLink':
      return typeof value === 'string' ? undefined : 'not text';
    case 'link':
      return typeof value === 'string' || value === null ? undefined : 'not a link';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'not a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'not a boolean';
    default:
      return isPrimitive(value) || (Array.isArray(value) && value.every(isPrimitive))
        ? undefined
        : 'not a value';
  }
}

/**
 * What in `value` does not fit `shape` as the browser is promised it: a field the shape does
 * not know, a leaf of another type than its kind (a number that is `NaN`, text that is a number),
 * a list that is not a list, a `null` where the library never sends one. Empty when it fits.
 */
export function shapeProblems(value: unknown, shape: WireObject, path = ''): string[] {
  if (!isRecord(value)) return [`${path || '(root)'}: not an object`];
  const problems: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    const known: WireField | undefined = Object.hasOwn(shape.fields, key)
      ? shape.fields[key]
      : shape.entries;
    if (known === undefined) {
      problems.push(`${at}: not a field the library knows`);
      continue;
    }
    if (inner === null) {
      if (known !== 'link' && !NULLABLE.has(key) && shape.defaults?.[key] !== null) {
        problems.push(`${at}: null`);
      }
      continue;
    }
    if (typeof known === 'string') {
      const problem = leafProblem(known, inner);
      if (problem) problems.push(`${at}: ${problem}`);
      continue;
    }
    if (known.list) {
      if (!Array.isArray(inner)) problems.push(`${at}: not a list`);
      else {
        for (const [i, item] of inner.entries()) {
          problems.push(...shapeProblems(item, known, `${at}.${i}`));
        }
      }
    } else if (!(known.orValue && isPrimitive(inner))) {
      problems.push(...shapeProblems(inner, known, at));
    }
  }
  return problems;
}
