import { errorFromResponse } from '../core/errors/errorFromResponse.js';
import { ServiceError } from '../core/errors/ServiceError.js';
import type { RequestSpec } from './buildRequest.js';
import { buildRequest } from './buildRequest.js';
import type { HttpConfig } from './resolveHttpConfig.js';
import { startDeadline } from './startDeadline.js';

const rejectOnAbort = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * Sends one request and reads the whole answer under the deadline: the parsed JSON body,
 * `undefined` for an empty one (204). Error statuses become the core's typed errors. Never
 * retries: whether to try again is the caller's decision (React Query, the hooks).
 *
 * @throws the caller's abort reason, `TimeoutError`, `NetworkError`, or what
 *   `errorFromResponse` makes of an error status.
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
    // A body that stalls is as hung as a server that never answers: the deadline covers it (not
    // every fetch errors the body on abort once the headers are in).
    text = await Promise.race([response.text(), rejectOnAbort(deadline.signal)]);
  } catch (error) {
    throw deadline.explain(error);
  } finally {
    deadline.clear();
  }
  if (!response.ok) {
    throw errorFromResponse({
      status: response.status,
      body: text,
      retryAfter: response.headers.get('retry-after'),
    });
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(502, 'invalid_response', 'Unexpected response from the service (body)');
  }
}
