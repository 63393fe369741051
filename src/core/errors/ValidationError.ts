import { InsuranceError } from './InsuranceError.js';

/** One problem with one field: `path` is dotted (`borrowers.0.email`; `''` for the whole input). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The input was refused; `issues` says which fields and why. Nothing was sent or changed. */
export class ValidationError extends InsuranceError {
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[], message = issues[0]?.message ?? 'Invalid input') {
    super('validation_error', message, { status: 400 });
    this.issues = issues;
  }

  /** The issues keyed by field path (first message per path), handy for form fields. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) out[issue.path] ??= issue.message;
    return out;
  }
}
