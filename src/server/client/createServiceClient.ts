import { OutcomeUnknownError } from '../../core/errors/OutcomeUnknownError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import type { OperationDefinition } from '../../core/operations.js';
import { operations } from '../../core/operations.js';
import type { PathId } from '../../core/paths.js';
import { buildOperationPath } from './buildOperationPath.js';
import { createCallSignal } from './createCallSignal.js';
import { createDropLog } from './createDropLog.js';
import { createRateLimitQueue } from './createRateLimitQueue.js';
import { createTokenProvider } from './createTokenProvider.js';
import { requestToken } from './requestToken.js';
import { resolveServiceClientOptions } from './resolveServiceClientOptions.js';
import type { CallContext, CallRequest } from './runCall.js';
import { runCall } from './runCall.js';
import type {
  ClientOperationName,
  OperationOutput,
  ServiceCallOptions,
  ServiceClient,
} from './ServiceClient.js';
import type { ServiceClientOptions } from './ServiceClientOptions.js';

/** The ids an answer must name when it names one (the row's `echoes`, filled from the call). */
function expectedEchoes(
  op: OperationDefinition,
  options: ServiceCallOptions<ClientOperationName>,
): Record<string, string> {
  const bodyId = (options.body as { id?: unknown } | undefined)?.id;
  const out: Record<string, string> = {};
  for (const [field, pathId] of Object.entries(op.echoes)) {
    const expected =
      options.params?.[pathId as PathId] ??
      (pathId === 'loanId' && op.loanIdInBody && typeof bodyId === 'string' ? bodyId : undefined);
    if (expected !== undefined) out[field] = expected;
  }
  return out;
}

/**
 * Creates the client that calls the service for one partner (one lender client for platform
 * partners). Create one per partner and keep it: its queue and its refresh in flight are what
 * keep concurrent calls from stampeding. The token and the rate-limit window live in the store,
 * so clients in several processes sharing a store share them too.
 *
 * What `call(name, { params, body, priority, signal })` does:
 * - Builds the path from the operation table (or the `routes` override); a missing or malformed id is a
 *   `ValidationError` before any request. Sends `body` as JSON when the operation takes one,
 *   with `Authorization: Bearer` and `Accept: application/json`, never following a redirect,
 *   and parses a success with the operation's output schema (`undefined` for 204). Requests go
 *   through the `fetch` option when given, else `node:http` on Node, else `globalThis.fetch`.
 * - Token: kept in the store under `lir:token:<clientId>:<partnerId or ->`, replaced
 *   `tokenRefreshSkewMs` (at most half its life) before `expires_in` runs out, counted from when
 *   the answer arrived and clamped to 24 h. One refresh in flight per partner. A 401 drops the
 *   token it was sent with (only if still cached), refreshes and replays the request once; that
 *   replay does not count against `retry.attempts`. A second 401 is an `UnauthorizedError`. A
 *   403 never refreshes.
 * - Rate limit: rate-limited operations take a slot of `lir:rate:<clientId>:<partnerId or ->`
 *   before every attempt; when the window is full the caller queues (interactive first) until
 *   a slot frees or its deadline, then gets `RateLimitedError(retryAfterMs)` with no request.
 *   Other operations never wait and are not counted.
 * - Retries, at most `retry.attempts` attempts: a 429 (from any operation, or the token
 *   endpoint) after `Retry-After` plus full jitter; a 5xx, a network error or an attempt
 *   timeout only for idempotent operations (a request that may have been processed is never
 *   repeated); a failed token request whatever the operation, since it was not sent. Never
 *   another 4xx. A `Retry-After` above `retry.maxRetryAfterMs`, or a wait past the deadline,
 *   is not waited for: the `RateLimitedError` comes at once.
 * - Writes (non-idempotent operations) that went out are never sent again, and when their
 *   outcome cannot be learned (no answer in time, a connection broken after sending, a 5xx
 *   other than 503, an unreadable answer) the call fails with `OutcomeUnknownError` rather
 *   than a plain timeout or network error, so no caller mistakes it for "not done".
 * - Redirects are not followed (502 `upstream_redirect`); a success body over
 *   `maxResponseBytes` is 502 `upstream_too_large`; a body that is not JSON, or not of the
 *   operation's shape, is 502 `invalid_response`; a body that never ends is an attempt timeout.
 *   An answer whose id names another loan, quote or policy than the one asked for (the row's
 *   `echoes`) is 502 `invalid_response` too, and logged: it is never passed on.
 * - The deadline ends the call with a `TimeoutError` (a `RateLimitedError` while queued).
 *   Aborting `signal` ends it at once, in the queue, in backoff or in flight, rejecting with
 *   the signal's reason as `fetch` does; no request is sent after that.
 *
 * Messages taken from the service's error bodies are cut to 200 characters with the token and
 * the secret redacted; neither ever appears in an error, its cause or a log line.
 *
 * A failure that points at a setting (a base URL without the service's path prefix, a wrong host
 * or port, refused credentials, a route the service spells otherwise, missing permissions, a
 * redirect) carries a diagnosis naming the option and its environment variable, read with
 * `diagnoseServiceError(error)`; the BFF logs it (once a minute per cause).
 *
 * @example
 * const client = createServiceClient({ baseUrl: 'https://host/lenders', clientId, clientSecret });
 * const loan = await client.call('getLoan', { params: { loanId } });
 *
 * @throws TypeError or RangeError for invalid options (see `ServiceClientOptions`).
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const config = resolveServiceClientOptions(options);
  const scope = `${config.clientId}:${config.partnerId ?? '-'}`;
  const now = () => Date.now();
  // partner_id comes from configuration only: nothing a caller passes reaches this body.
  const tokenBody = JSON.stringify({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    ...(config.partnerId === undefined ? {} : { partner_id: config.partnerId }),
  });

  const ctx: CallContext = {
    config,
    now,
    dropped: createDropLog(config.logger),
    tokens: createTokenProvider({
      store: config.store,
      key: `lir:token:${scope}`,
      lockTtlMs: config.timeoutMs * 2,
      skewMs: config.tokenRefreshSkewMs,
      now,
      request: () =>
        requestToken({
          send: config.send,
          baseUrl: config.baseUrl,
          path: config.routes.createToken.path,
          body: tokenBody,
          timeoutMs: config.timeoutMs,
          maxBytes: config.maxResponseBytes,
          logger: config.logger,
          partnerId: config.partnerId,
        }),
    }),
    queue: createRateLimitQueue({
      store: config.store,
      key: `lir:rate:${scope}`,
      limit: config.rateLimit.limit,
      backgroundLimit: config.rateLimit.backgroundLimit,
      // A call stays counted for the window plus the time it may take to reach the service.
      windowMs: config.rateLimit.windowMs + config.rateLimit.latencyAllowanceMs,
      now,
    }),
  };

  async function call<N extends ClientOperationName>(
    name: N,
    callOptions: ServiceCallOptions<N> = {},
  ): Promise<OperationOutput<N>> {
    const op: OperationDefinition | undefined = Object.hasOwn(operations, name)
      ? operations[name]
      : undefined;
    if (!op?.upstream || (name as string) === 'createToken') {
      throw new TypeError('Unknown service operation');
    }
    const route = config.routes[name];
    const url = `${config.baseUrl}${buildOperationPath(route.path, callOptions.params ?? {})}`;
    const callerSignal = callOptions.signal;
    callerSignal?.throwIfAborted();

    const deadlineAt = now() + config.deadlineMs;
    // Aborts on the deadline (its TimeoutError) or with the caller's signal (its reason), and
    // carries each attempt's time: one controller for the call.
    const deadline = createCallSignal(
      config.deadlineMs,
      'The call passed its deadline',
      callerSignal,
    );
    const request: CallRequest = {
      name,
      op,
      echoes: expectedEchoes(op, callOptions),
      method: route.method,
      url,
      routePath: route.path,
      body:
        op.input !== null && callOptions.body !== undefined
          ? JSON.stringify(callOptions.body)
          : undefined,
      priority: callOptions.priority === 'background' ? 'background' : 'interactive',
      deadlineAt,
      call: deadline,
      callerSignal,
      sent: false,
    };
    try {
      return (await runCall(ctx, request)) as OperationOutput<N>;
    } catch (error) {
      if (error instanceof OutcomeUnknownError) {
        config.logger.error('Service call outcome unknown: not sent again', { operation: name });
        throw error;
      }
      if (callerSignal?.aborted && error === callerSignal.reason) throw error;
      if (deadline.isDeadline(error)) {
        if (request.sent && !op.idempotent) {
          config.logger.error('Service call outcome unknown: not sent again', { operation: name });
          throw new OutcomeUnknownError(
            `The service may have run ${name}, but it did not answer within the deadline`,
          );
        }
        throw new TimeoutError(`The service call ${name} did not finish within its deadline`);
      }
      throw error;
    } finally {
      deadline.clear();
    }
  }

  return Object.freeze({ call, partnerId: config.partnerId, baseUrl: config.baseUrl });
}
