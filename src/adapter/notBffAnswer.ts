import type { ReceivedBody } from '../core/errors/NotBffResponseError.js';
import { NotBffResponseError } from '../core/errors/NotBffResponseError.js';
import { isJsonText } from '../core/isJsonText.js';
import { isBffErrorBody } from './isBffErrorBody.js';
import type { HttpConfig } from './resolveHttpConfig.js';

// What a developer is shown of a URL: never its query (cursors) nor credentials.
const bare = (url: string) => url.replace(/[?#].*/, '').replace(/\/\/[^/@]*@/, '//');

const WHAT: Record<ReceivedBody, string> = {
  html: 'an HTML page',
  json: 'JSON in another format',
  text: 'a body that is not JSON',
  empty: 'an empty body',
};

/**
 * The error for an answer that did not come from the BFF, or `undefined` when it did: an error
 * status without the BFF's error body (except 401 and 429, which mean the same whoever sends
 * them), or a success whose body is not JSON (an `index.html` served for every path). The
 * message names the request, what came back and the setting to check; never the body.
 */
export function notBffAnswer(
  config: HttpConfig,
  request: { method: string; url: string },
  response: Response,
  text: string,
): NotBffResponseError | undefined {
  const { status } = response;
  if (response.ok ? text === '' || isJsonText(text) : status === 401 || status === 429) return;
  if (!response.ok && isBffErrorBody(text)) return;
  const received: ReceivedBody = !text.trim()
    ? 'empty'
    : /html/i.test(response.headers.get('content-type') ?? '') || /^\s*<(!doctype|html)/i.test(text)
      ? 'html'
      : isJsonText(text)
        ? 'json'
        : 'text';
  const url = bare(request.url);
  const base = `\`baseUrl\` in createHttpAdapter (now "${bare(config.baseUrl)}")`;
  let message = `${request.method} ${url} answered ${status} with ${WHAT[received]}`;
  // A sign-in redirect in front of the BFF also ends on a page.
  if (response.redirected) message += ` after a redirect to ${bare(response.url)}`;
  message +=
    status >= 500
      ? `, not the insurance BFF: the BFF did not answer (a proxy or the host's server did); check that it is running and mounted at ${base}.`
      : `, not the insurance BFF: check ${base} and that the BFF handler is mounted there.`;
  if (response.redirected) message += ' A sign-in page should answer requests to the BFF with 401.';
  return new NotBffResponseError(status, message, { method: request.method, url, received });
}
