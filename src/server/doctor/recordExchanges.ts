import { BAD_PORT } from '../client/sendAttempt.js';

/**
 * What one request of the service client came to, as seen from its `fetch`: the status and
 * the headers that tell what answered, or why nothing did. No body and no request header is
 * kept, so neither the secret nor a token can end up here.
 */
export interface Exchange {
  method: string;
  url: string;
  status?: number;
  contentType?: string;
  /** A redirect's target, without its query. */
  location?: string;
  /** Why no answer came: the connection error's code (`ECONNREFUSED`) or the error's name. */
  failure?: string;
}

function failureOf(error: unknown): string {
  const cause =
    error instanceof Error
      ? (error.cause as { code?: unknown; message?: unknown } | undefined)
      : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  // Node's fetch gives no code for a port it refuses, only this message.
  if (cause?.message === 'bad port') return BAD_PORT;
  return error instanceof Error ? error.name : 'Error';
}

function withoutQuery(location: string, base: string): string {
  try {
    const url = new URL(location, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(unreadable)';
  }
}

/**
 * Wraps a `fetch` so the requests made through it are recorded. The doctor hands it to
 * `createServiceClient`, so the token and the read go through the library's own code (the
 * token request is written once), while it still learns which of them failed and how.
 */
export function recordExchanges(fetchImpl: typeof fetch): {
  fetch: typeof fetch;
  exchanges: Exchange[];
} {
  const exchanges: Exchange[] = [];
  const recording = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const exchange: Exchange = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      url,
    };
    exchanges.push(exchange);
    try {
      const response = await fetchImpl(input, init);
      exchange.status = response.status;
      const contentType = response.headers.get('content-type');
      if (contentType !== null) exchange.contentType = contentType;
      const location = response.headers.get('location');
      if (location !== null) exchange.location = withoutQuery(location, url);
      return response;
    } catch (error) {
      exchange.failure = failureOf(error);
      throw error;
    }
  };
  return { fetch: recording as typeof fetch, exchanges };
}
