import type { ServiceOperationName } from '../../../core/operations.js';
import type { AnswerLoosening } from './loosenAnswer.js';
import { loosenAnswer } from './loosenAnswer.js';
import { JSON_TYPE } from './withJsonCharset.js';

/**
 * A sandbox operation's answer as production would send it: a 2xx JSON body loosened by
 * {@link loosenAnswer}, with its status and headers kept; any other answer (an error, a 204) as
 * it is. (The sandbox's handler gives every JSON answer production's charset.)
 */
export async function loosenResponse(
  name: ServiceOperationName,
  response: Response,
  loosening: AnswerLoosening,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 200 || response.status > 299 || !JSON_TYPE.test(type)) return response;
  const answer: unknown = JSON.parse(await response.text());
  return new Response(JSON.stringify(loosenAnswer(name, answer, loosening)), {
    status: response.status,
    headers: response.headers,
  });
}
