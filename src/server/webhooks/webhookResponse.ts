import { knownBodies } from '../http/knownBodies.js';
import type { WebhookAnswer } from './WebhookAnswer.js';

/** The web `Response` of a receiver's answer, its text remembered for a one-piece write. */
export function webhookResponse(answer: WebhookAnswer): Response {
  return knownBodies.response(answer.body, { status: answer.status, headers: answer.headers });
}
