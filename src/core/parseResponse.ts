import * as v from 'valibot';
import { ServiceError } from './errors/ServiceError.js';

/**
 * Reads a response body with a tolerant schema: unknown fields pass through; a body missing a
 * field the client relies on becomes a {@link ServiceError} with code `invalid_response` naming
 * that field (never its value).
 */
export function parseResponse<TOutput>(
  schema: v.GenericSchema<unknown, TOutput>,
  value: unknown,
): TOutput {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const field = v.getDotPath(result.issues[0]) ?? undefined;
  throw new ServiceError(
    502,
    'invalid_response',
    `Unexpected response from the service (${field ?? 'body'})`,
    field === undefined ? undefined : { field },
  );
}
