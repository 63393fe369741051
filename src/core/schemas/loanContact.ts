import * as v from 'valibot';
import { email, phone, text } from './fields.js';

/** The role that makes a loan contact the loan officer. */
export const LOAN_OFFICER_ROLE = 'Loan Officer';

/** A contact on a loan application (the loan officer is the one with role `Loan Officer`). */
export const LoanContactSchema = v.object({
  role: text(100, 'Role'),
  firstName: text(100, 'First name'),
  lastName: text(100, 'Last name'),
  email,
  phone: v.optional(phone),
});

/** Body of update loan contacts: the whole list (an empty list removes every contact). */
export const LoanContactsInputSchema = v.pipe(
  v.array(LoanContactSchema, 'Contacts must be a list'),
  v.maxLength(20, 'At most 20 contacts'),
);

/** A contact on a loan application. */
export type LoanContact = v.InferInput<typeof LoanContactSchema>;
