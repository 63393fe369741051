import * as v from 'valibot';
import { email, phone, text } from './fields.js';
import { loanIdField } from './loanIdField.js';

/**
 * Body of the three consent operations (consent, TCPA consent, general consent): the loan
 * application id, the version of the terms the borrower accepted, and optionally the contact
 * details the consent covers.
 */
export const ConsentInputSchema = v.object({
  id: loanIdField,
  termsOfServiceId: text(100, 'Terms of service id'),
  email: v.optional(email),
  phone: v.optional(phone),
});

/** Body of a consent operation. */
export type ConsentInput = v.InferInput<typeof ConsentInputSchema>;
