import * as v from 'valibot';
import { LOAN_PURPOSES } from '../LOAN_PURPOSES.js';
import { LOAN_TYPES } from '../LOAN_TYPES.js';
import { BorrowerSchema } from './borrower.js';
import { CurrentInsurancePolicySchema } from './currentInsurancePolicy.js';
import { calendarDate, money, text } from './fields.js';
import { LoanOfficerSchema } from './loanOfficer.js';
import { PropertySchema } from './property.js';

/**
 * What a browser submits to create a loan application. Unknown fields are dropped; there must be
 * one to ten borrowers, exactly one of them primary (with email and phone). It has no
 * `externalId`: that names the application in webhook events, so only the server sets it (see
 * {@link LoanApplicationRequestSchema}).
 */
export const LoanApplicationInputSchema = v.object({
  loanNumber: text(64, 'Loan number'),
  borrowers: v.pipe(
    v.array(BorrowerSchema, 'Borrowers must be a list'),
    v.minLength(1, 'Add the primary borrower'),
    v.maxLength(10, 'At most 10 borrowers'),
    v.check(
      (list) => list.filter((b) => b.isPrimary).length === 1,
      'Exactly one borrower must be the primary borrower',
    ),
  ),
  property: PropertySchema,
  currentInsurancePolicies: v.optional(
    v.pipe(v.array(CurrentInsurancePolicySchema), v.maxLength(10, 'At most 10 policies')),
  ),
  closingDate: v.nullish(calendarDate('Closing date')),
  loanAmount: v.nullish(
    v.pipe(money('Loan amount'), v.minValue(1, 'Loan amount must be more than zero')),
  ),
  loanOfficer: v.nullish(LoanOfficerSchema),
  loanPurpose: v.nullish(v.picklist(LOAN_PURPOSES, 'Choose a loan purpose')),
  loanType: v.nullish(v.picklist(LOAN_TYPES, 'Choose a loan type')),
});

/** What a lender submits to create a loan application (as typed by the caller). */
export type LoanApplicationInput = v.InferInput<typeof LoanApplicationInputSchema>;

/**
 * The loan application as the service takes it (`POST /v1/loans`): the browser's fields plus
 * `externalId`, which only the server sets (the BFF assigns one per application, or the host's
 * `prepareApplication` takes it from its own records).
 */
export const LoanApplicationRequestSchema = v.object({
  ...LoanApplicationInputSchema.entries,
  // Travels in webhook headers, so printable ASCII only.
  externalId: v.optional(
    v.pipe(
      v.string('External id must be text'),
      v.regex(/^[\x21-\x7e]{1,128}$/, 'External id must be 1-128 visible ASCII characters'),
    ),
  ),
});

/** The loan application as the service takes it (validated), `externalId` included. */
export type LoanApplicationRequest = v.InferOutput<typeof LoanApplicationRequestSchema>;
