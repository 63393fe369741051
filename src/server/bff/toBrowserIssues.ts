import type { GenericSchema } from 'valibot';
import type { FieldIssue } from '../../core/errors/ValidationError.js';
import { isInputPath } from './isInputPath.js';

/** What a field issue says when its own text was not written by the library. */
export const NOT_ACCEPTED = 'This value was not accepted';

/**
 * The field issues of a service's refusal a browser may see: only those naming a field of the
 * operation's input `schema` (`borrowers[0].email` read as `borrowers.0.email`), each saying
 * {@link NOT_ACCEPTED}; at most `max`. Whatever the service said about fields it alone knows,
 * and in its own words, stays on the server.
 */
export function toBrowserIssues(
  issues: readonly FieldIssue[],
  schema: GenericSchema | undefined,
  max: number,
): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    if (out.length >= max) break;
    const path = issue.path.replace(/\[(\d{1,4})\]/g, '.$1');
    if (path !== '' && (schema === undefined || !isInputPath(schema, path))) continue;
    out.push({
      path,
      message: NOT_ACCEPTED,
    });
  }
  return out;
}
