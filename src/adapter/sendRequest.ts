import type { RequestSpec } from './buildRequest.js';
import { buildRequest } from './buildRequest.js';
import { readFailure } from './readFailure.js';
import { readText } from './readText.js';
import type { HttpConfig } from './resolveHttpConfig.js';
import { startDeadline } from './startDeadline.js';

/**
 * Sends one request and reads the whole answer under the deadline: the parsed JSON body,
 * `undefined` for an empty one (204). Error statuses become the core's typed errors; an answer
 * that is not the BFF's (a wrong `baseUrl`) a `NotBffResponseError`, told to the developer once.
 * Never retries: whether to try again is the caller's decision (React Query, the hooks).
 *
 * @throws the caller's abort reason, `TimeoutError`, `NetworkError`, `NotBffResponseError`, or
 *   what `errorFromResponse` makes of an error status.
 */
export async function sendRequest(
  config: HttpConfig,
  spec: RequestSpec,
  signal?: AbortSignal,
): Promise<unknown> {
  if (signal?.aborted) throw signal.reason;
  const [url, init] = buildRequest(config, spec);
  const deadline = startDeadline(config.timeoutMs, signal);
  init.signal = deadline.signal;
  // Called unbound: a host's `window.fetch` throws "Illegal invocation" with another `this`.
  const send = config.fetch();
  let response: Response;
  let text: string;
  try {
    response = await send(url, init);
    text = await readText(response, deadline.signal);
  } catch (error) {
    throw deadline.explain(error);
  } finally {
    deadline.clear();
  }
  // A success from the BFF is empty (204) or JSON.
  if (response.ok) {
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      // Not the BFF's answer (an `index.html` served for every path): read below.
    }
  }
  throw readFailure(config, { method: spec.method, url }, response, text);
}
