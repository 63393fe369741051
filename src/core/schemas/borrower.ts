import * as v from 'valibot';
import { AddressSchema } from './address.js';
import { calendarDate, email, phone, text } from './fields.js';

/** Values of `Borrower.gender`. */
export const GENDERS = ['FEMALE', 'MALE', 'NOT_SPECIFIED'] as const;

/** Values of `Borrower.maritalStatus`. */
export const MARITAL_STATUSES = [
  'MARRIED',
  'NOT_PROVIDED',
  'SEPARATED',
  'SINGLE',
  'DIVORCED',
  'WIDOWED',
  'DOMESTIC_PARTNER',
] as const;

/** Whole years from a `YYYY-MM-DD` date of birth to today (UTC), as a birthday counts them. */
function ageToday(dob: string): number {
  const today = new Date();
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

/** A date of birth: a real date, in the past, of someone at least 18 and at most 120 years old. */
const dob = v.pipe(
  calendarDate('Date of birth'),
  v.check((s) => {
    const age = ageToday(s);
    return age >= 18 && age <= 120;
  }, 'A borrower must be at least 18 years old'),
);

const common = {
  firstName: text(100, 'First name'),
  lastName: text(100, 'Last name'),
  currentAddress: AddressSchema,
  dob: v.optional(dob),
  formerAddress: v.nullish(AddressSchema),
  mailingAddress: v.nullish(AddressSchema),
  gender: v.optional(v.picklist(GENDERS, 'Choose a gender')),
  maritalStatus: v.optional(v.picklist(MARITAL_STATUSES, 'Choose a marital status')),
};

/** The primary borrower: email and phone are required. */
export const PrimaryBorrowerSchema = v.object({
  ...common,
  isPrimary: v.literal(true),
  email,
  phone,
});

/** A co-borrower: email and phone may be absent or null. */
export const CoBorrowerSchema = v.object({
  ...common,
  isPrimary: v.literal(false),
  email: v.nullish(email),
  phone: v.nullish(phone),
});

/** A borrower on a loan application, discriminated by `isPrimary`. */
export const BorrowerSchema = v.variant(
  'isPrimary',
  [PrimaryBorrowerSchema, CoBorrowerSchema],
  'Say whether the borrower is the primary borrower',
);

/** The primary borrower of a loan application. */
export type PrimaryBorrower = v.InferOutput<typeof PrimaryBorrowerSchema>;
/** A co-borrower of a loan application. */
export type CoBorrower = v.InferOutput<typeof CoBorrowerSchema>;
/** A borrower on a loan application. */
export type Borrower = v.InferOutput<typeof BorrowerSchema>;
