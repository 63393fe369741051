import type { ServiceOperationName } from '../../../core/operations.js';
import type { AnswerLoosening } from './loosenAnswer.js';
import { loosenAnswer } from './loosenAnswer.js';
import { JSON_TYPE, withJsonCharset } from './withJsonCharset.js';

/**
 * A sandbox operation's answer as production would send it: a 2xx JSON body loosened by
 * {@link loosenAnswer}, with its status and headers kept (its content type with a charset);
 * any other answer (an error, a 204) only with the charset.
 */
export async function loosenResponse(
  name: ServiceOperationName,
  response: Response,
  loosening: AnswerLoosening,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 200 || response.status > 299 || !JSON_TYPE.test(type)) {
    return withJsonCharset(response);
  }
  const answer: unknown = JSON.parse(await response.text());
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(loosenAnswer(name, answer, loosening)), {
    status: response.status,
    headers,
  });
}
