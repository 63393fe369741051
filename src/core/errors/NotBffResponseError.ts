import { ServiceError } from './ServiceError.js';

/** What came back instead of the BFF's answer. */
export type ReceivedBody = 'html' | 'json' | 'text' | 'empty';

/** Where the answer came from and what it was, for {@link NotBffResponseError}. */
export interface NotBffResponseDetails {
  /** The request's method. */
  method: string;
  /** The request's URL, without its query. */
  url: string;
  /** An HTML page, JSON that is not the BFF's, another body, or none. */
  received: ReceivedBody;
}

/**
 * The answer did not come from the insurance BFF: an HTML page (a host's 404 page, or its
 * single-page app's `index.html` served for every unknown path), a body that is not JSON where
 * JSON was expected, or an error without the BFF's error body. Usually `baseUrl` of
 * `createHttpAdapter` does not point at where the BFF handler is mounted; on a 5xx, the BFF may be
 * down with a proxy answering for it. The message says which request got what and how to fix
 * it; it never contains the body. A `ServiceError` with `serviceCode` `not_bff`, so code that
 * handles service errors (and retries a 5xx) keeps working.
 *
 * @example
 * if (error instanceof NotBffResponseError) console.error(error.message);
 * // GET /api/insurnce/loans/ln_1 answered 404 with an HTML page, not the insurance BFF: check
 * // `baseUrl` in createHttpAdapter (now "/api/insurnce") and that the BFF handler is mounted there.
 */
export class NotBffResponseError extends ServiceError {
  readonly method: string;
  readonly url: string;
  readonly received: ReceivedBody;

  constructor(status: number, message: string, details: NotBffResponseDetails) {
    super(status, 'not_bff', message);
    this.method = details.method;
    this.url = details.url;
    this.received = details.received;
  }
}
