import { responseOfAnswer } from '../http/responseOfAnswer.js';
import { answerBffRequest } from './answerBffRequest.js';
import type { BffContext } from './BffContext.js';

/**
 * The BFF's web-standard handler: `answerBffRequest`'s answer as a `Response` (every JSON answer
 * a `knownBodies` response, so a Node server that gets one still writes it in one piece).
 */
export async function handleBffRequest<S extends { id: string }>(
  ctx: BffContext<S>,
  request: Request,
): Promise<Response> {
  return responseOfAnswer(await answerBffRequest(ctx, request));
}
