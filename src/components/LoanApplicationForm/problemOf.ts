import type { FieldSpec, MessageKey } from './applicationFields.js';
import { parseAmount } from './parseAmount.js';

/** Why a field's value cannot be sent: a message of the catalog, and its placeholders. */
export interface FieldProblem {
  key: MessageKey;
  values?: Readonly<Record<string, number>>;
}

// The service's own rules (core schemas: fields.ts, address.ts), repeated here so the form can
// say what is wrong in the borrower's language before anything is sent, without loading them.
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;
const PHONE = /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

const INVALID: Partial<Record<FieldSpec['kind'], MessageKey>> = {
  email: 'invalidEmail',
  tel: 'invalidPhone',
  zip: 'invalidZip',
  state: 'invalidState',
  amount: 'invalidAmount',
  date: 'invalidDate',
  choice: 'invalidChoice',
};

/**
 * What is wrong with `value` for `field`, or `undefined` when the service would take it: a
 * required field left empty, text too long, or a value not of the field's kind (email, 10-digit
 * US phone, ZIP or ZIP+4, a state or territory code, dollars, a real date, one of the options).
 *
 * @example
 * problemOf(zipField, '7870'); // { key: 'invalidZip' }
 */
export function problemOf(field: FieldSpec, value: string): FieldProblem | undefined {
  const text = value.trim();
  if (!text) return field.required ? { key: 'required' } : undefined;
  if (field.max !== undefined && text.length > field.max)
    return { key: 'tooLong', values: { max: field.max } };
  const valid =
    field.kind === 'email'
      ? EMAIL.test(text)
      : field.kind === 'tel'
        ? PHONE.test(text)
        : field.kind === 'zip'
          ? ZIP.test(text)
          : field.kind === 'amount'
            ? parseAmount(text) !== undefined
            : field.kind === 'date'
              ? isCalendarDate(text)
              : field.options
                ? field.options.some((option) => option.value === text)
                : true;
  const key = INVALID[field.kind];
  return valid || !key ? undefined : { key };
}
