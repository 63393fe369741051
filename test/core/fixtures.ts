import type { GenericSchema } from 'valibot';
import type { FieldIssue } from '../../src/core/index.js';
import { ValidationError, validateInput } from '../../src/core/index.js';

/** Runs `validateInput` and returns the issues of the `ValidationError` it must throw. */
export function issuesFor(schema: GenericSchema, value: unknown): FieldIssue[] {
  try {
    validateInput(schema, value);
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  throw new Error(`expected a ValidationError for ${JSON.stringify(value)}`);
}

/** The dotted paths of the issues `validateInput` reports for `value`. */
export function issuePaths(schema: GenericSchema, value: unknown): string[] {
  return issuesFor(schema, value).map((i) => i.path);
}

export const address = () => ({
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
});

export const primaryBorrower = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  isPrimary: true,
  email: 'ada@example.com',
  phone: '512-555-0100',
  currentAddress: address(),
});

export const coBorrower = () => ({
  firstName: 'Charles',
  lastName: 'Babbage',
  isPrimary: false,
  currentAddress: address(),
});

/** The smallest valid loan application. */
export const minimalApplication = () => ({
  loanNumber: 'LN-1',
  borrowers: [primaryBorrower()] as Record<string, unknown>[],
  property: { address: address() },
});
