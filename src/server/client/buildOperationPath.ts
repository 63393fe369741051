import { ValidationError } from '../../core/errors/ValidationError.js';
import { isValidId } from '../../core/ids.js';
import type { PathId, PathParams } from '../../core/paths.js';
import { buildPath } from '../../core/paths.js';

const PLACEHOLDER = /\{(loanId|quoteId|policyId)\}/g;

/**
 * Fills an operation's path template, refusing a missing or malformed id with a
 * `ValidationError` naming each bad id (rather than `buildPath`'s `TypeError`), so the caller
 * learns it was its input and no request is made.
 */
export function buildOperationPath(template: string, params: PathParams): string {
  const issues: Array<{ path: PathId; message: string }> = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const id = match[1] as PathId;
    if (!isValidId(params[id])) issues.push({ path: id, message: `Invalid ${id}` });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return buildPath(template, params);
}
