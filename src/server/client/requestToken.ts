import { NetworkError } from '../../core/errors/NetworkError.js';
import { parseRetryAfter } from '../../core/errors/parseRetryAfter.js';
import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import { ServiceError } from '../../core/errors/ServiceError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { isJsonText } from '../../core/isJsonText.js';
import { neverAborted } from '../http/neverAborted.js';
import type { HintTarget } from './configurationHints.js';
import { configurationHints } from './configurationHints.js';
import { parseTokenResponse } from './parseTokenResponse.js';
import type { ServiceClientLogger } from './ServiceClientOptions.js';
import { serviceDiagnoses } from './serviceDiagnoses.js';
import type { Transport } from './Transport.js';

/** Inputs of {@link requestToken}. */
export interface TokenRequestParams {
  /** How the request is sent (the client's transport). */
  send: Transport;
  /** The configured base URL (with its path prefix). */
  baseUrl: string;
  /** The token route's path below it, e.g. `/v1/auth/token`. */
  path: string;
  /** The JSON body: `client_id`, `client_secret`, `partner_id` when configured. */
  body: string;
  timeoutMs: number;
  maxBytes: number;
  logger: ServiceClientLogger;
  /** For logs only. */
  partnerId: string | undefined;
}

/** A fresh access token and how long it lives (from `expires_in`, clamped). */
export interface IssuedToken {
  token: string;
  lifetimeMs: number;
}

/** Error codes of a token request that a later attempt may not see again. */
export const TRANSIENT_TOKEN_CODES: ReadonlySet<string> = new Set(['token_unavailable']);

/**
 * Makes one `POST /v1/auth/token`. Every failure becomes a typed error with a fixed message: the
 * token endpoint's own text is never used, since it could echo the credentials.
 *
 * - 400, 401, 403: `ServiceError(502, 'invalid_client_credentials')`, a configuration error.
 * - 429: `RateLimitedError` with the `Retry-After` delay, if any.
 * - 5xx: `ServiceError(502, 'token_unavailable')`; no answer: `NetworkError` / `TimeoutError`.
 * - a redirect: `ServiceError(502, 'upstream_redirect')`, not followed.
 * - an unusable 2xx body: `ServiceError(502, 'invalid_token_response')`; nothing is cached.
 *
 * Where the failure points at a setting (refused credentials; a 404, 405, redirect or web page
 * where the token route should be, which means a base URL without the service's path prefix;
 * a connection that could not open) the error carries a diagnosis naming it (see
 * `diagnoseServiceError`).
 */
export async function requestToken(params: TokenRequestParams): Promise<IssuedToken> {
  const { logger, partnerId } = params;
  const target: HintTarget = {
    operation: 'createToken',
    method: 'POST',
    baseUrl: params.baseUrl,
    path: params.path,
  };
  const url = `${params.baseUrl}${params.path}`;
  const result = await params.send({
    url,
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: params.body,
    timeoutMs: params.timeoutMs,
    // Nobody's call owns a token request (it is shared), so only its own timeout ends it.
    signal: neverAborted(),
    maxBytes: params.maxBytes,
  });
  switch (result.kind) {
    case 'timeout':
      logger.warn('Access token request timed out', { partnerId });
      throw new TimeoutError('The access token request timed out');
    case 'network':
      logger.warn('Access token request failed', { partnerId, error: result.errorName });
      throw serviceDiagnoses.attach(
        new NetworkError('The access token request failed'),
        configurationHints.connect(url, result.errorCode),
      );
    case 'redirect':
      throw serviceDiagnoses.attach(
        new ServiceError(502, 'upstream_redirect', 'The token endpoint answered with a redirect'),
        configurationHints.redirect(target, result.status, result.location),
      );
    case 'too_large':
      throw new ServiceError(502, 'upstream_too_large', 'The token response is too large');
  }
  const { status } = result;
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'));
    logger.warn('Access token request rate limited', { partnerId, retryAfterMs });
    throw new RateLimitedError(retryAfterMs, 'The service rate limited the access token request');
  }
  if (status === 400 || status === 401 || status === 403) {
    logger.error(
      'The service rejected the client credentials: check clientId, clientSecret and partnerId',
      {
        partnerId,
        status,
      },
    );
    throw serviceDiagnoses.attach(
      new ServiceError(
        502,
        'invalid_client_credentials',
        'The service rejected the client credentials',
      ),
      configurationHints.credentials(status, partnerId),
    );
  }
  if (status >= 500) {
    logger.warn('Access token request failed', { partnerId, status });
    throw new ServiceError(502, 'token_unavailable', 'The service could not issue an access token');
  }
  if (status < 200 || status >= 300) {
    throw serviceDiagnoses.attach(
      new ServiceError(
        502,
        'token_request_failed',
        `The access token request failed with status ${status}`,
      ),
      status === 404 || status === 405 ? configurationHints.notFound(target, status) : undefined,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(result.body);
  } catch {
    text = '';
  }
  const parsed = parseTokenResponse(text);
  if (!parsed.ok) {
    // A web page where the token route should be: the base URL names a site, not the API.
    const diagnosis = isJsonText(text)
      ? undefined
      : configurationHints.notJson(target, status, result.headers.get('content-type'));
    logger.error('The service returned an unusable access token response', {
      partnerId,
      reason: parsed.reason,
    });
    throw serviceDiagnoses.attach(
      new ServiceError(
        502,
        'invalid_token_response',
        'The service returned an unusable access token response',
      ),
      diagnosis,
    );
  }
  return { token: parsed.token, lifetimeMs: parsed.lifetimeMs };
}
