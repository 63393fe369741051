import * as v from 'valibot';
import type { FieldIssue } from './errors/ValidationError.js';
import { ValidationError } from './errors/ValidationError.js';

/**
 * Turns valibot issues into field issues with dotted paths. A missing required key is reported
 * by valibot on the parent object with a technical message; it becomes "Required" on the field.
 */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  return issues.map((issue) => ({
    path: v.getDotPath(issue) ?? '',
    message: issue.type === 'object' && issue.received === 'undefined' ? 'Required' : issue.message,
  }));
}

/**
 * Validates `value` against an input schema and returns the cleaned output (trimmed strings,
 * unknown fields dropped).
 *
 * @throws {ValidationError} with one issue per problem, each with its field path.
 */
export function validateInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  throw new ValidationError(toFieldIssues(result.issues));
}
