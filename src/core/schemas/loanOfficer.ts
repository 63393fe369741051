import * as v from 'valibot';
import { email, phone, text } from './fields.js';

/** The loan officer of a loan application. */
export const LoanOfficerSchema = v.object({
  firstName: text(100, 'First name'),
  lastName: text(100, 'Last name'),
  email,
  phone,
});

/** The loan officer of a loan application. */
export type LoanOfficer = v.InferOutput<typeof LoanOfficerSchema>;
