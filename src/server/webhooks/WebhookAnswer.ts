import type { PlainAnswer } from '../http/PlainAnswer.js';

/**
 * An answer of the webhook receiver before it becomes a web `Response`: a plain answer whose
 * body is always JSON text. `toNodeHandler` writes it as is on Node; every other host gets it
 * as a `Response` (see `responseOfAnswer`).
 */
export type WebhookAnswer = PlainAnswer & { readonly body: string };
