import { knownBodies } from './knownBodies.js';
import type { NodeEntryAnswer } from './nodeEntry.js';

/** The web `Response` of a handler's answer (see `nodeEntry`): a plain one becomes one. */
export function responseOfAnswer(answer: NodeEntryAnswer): Response {
  if (answer instanceof Response) return answer;
  const init = { status: answer.status, headers: answer.headers };
  return answer.body === null ? new Response(null, init) : knownBodies.response(answer.body, init);
}
