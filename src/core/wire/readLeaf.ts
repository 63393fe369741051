import { isValidId } from '../ids.js';
import type { WireLeaf } from './WireShape.js';

type Primitive = string | number | boolean;

// Plain decimals, with the money signs a person might type: `1200`, `-3.5`, `$1,200.00`.
const NUMERIC = /^[-+]?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

const isPrimitive = (value: unknown): value is Primitive => {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean';
};

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!NUMERIC.test(trimmed)) return undefined;
  const n = Number(trimmed.replace(/[$,]/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === '1') return true;
  if (word === 'false' || word === '0') return false;
  return undefined;
}

function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/**
 * Reads one leaf of a service answer as its kind says (see {@link WireLeaf}): the value, converted
 * where the service sent the right thing in the wrong type, or `undefined` when nothing readable
 * is there. `null` is never passed in: the caller takes it as absent.
 */
export function readLeaf(kind: WireLeaf, value: unknown): unknown {
  switch (kind) {
    case 'id':
      return isValidId(value) ? value : undefined;
    case 'number':
      return readNumber(value);
    case 'boolean':
      return readBoolean(value);
    case 'value':
      if (isPrimitive(value))
        return typeof value === 'number' && !Number.isFinite(value) ? undefined : value;
      return Array.isArray(value) && value.every(isPrimitive) ? value : undefined;
    case 'link':
    case 'requiredLink':
    case 'documentLink':
      return typeof value === 'string' ? value : undefined;
    default:
      return readText(value);
  }
}
