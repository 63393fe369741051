// The text of each response made here, while its body is unread. Weak: a response that is
// dropped takes its text with it.
const texts = new WeakMap<Response, string>();

/**
 * Responses whose body is a string known when they are made (every JSON answer of the BFF and
 * the webhook receiver). `toNodeHandler` writes such a body in one piece, with its
 * `Content-Length`, instead of reading the web stream chunk by chunk; any other runtime, or a
 * response something else wrapped or read, goes through the web body as usual.
 */
export const knownBodies = {
  /** `new Response(text, init)`, remembered with its text. */
  response(text: string, init?: ResponseInit): Response {
    const response = new Response(text, init);
    texts.set(response, text);
    return response;
  },
  /** The text `response` was made with, unless unknown or its body was read already. */
  textOf(response: Response): string | undefined {
    const text = texts.get(response);
    return text === undefined || response.bodyUsed ? undefined : text;
  },
};
