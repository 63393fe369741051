import { ValidationError } from '../../core/errors/ValidationError.js';
import type { OperationDefinition } from '../../core/operations.js';
import { operations } from '../../core/operations.js';
import { isJsonContentType } from '../http/isJsonContentType.js';
import { authorizeOperation } from './authorizeOperation.js';
import type { BffContext } from './BffContext.js';
import { canonicalJson } from './canonicalJson.js';
import { checkRequestOrigin } from './checkRequestOrigin.js';
import { corsHeaders } from './corsHeaders.js';
import type { StoredResult } from './createIdempotencyGuard.js';
import { errorToResponse } from './errorToResponse.js';
import { HttpRefusal } from './HttpRefusal.js';
import { parseIdempotencyKey } from './parseIdempotencyKey.js';
import { preflightResponse } from './preflightResponse.js';
import { prepareInput } from './prepareInput.js';
import { readJsonBody } from './readJsonBody.js';
import { notFound, resolveRoute, stripBasePath } from './resolveRoute.js';
import type { OperationRequest } from './runOperation.js';
import { runOperation } from './runOperation.js';
import { securityHeaders } from './securityHeaders.js';
import { sha256Hex } from './sha256Hex.js';

/** What the error mapping learns as the request goes through the steps. */
interface Progress {
  operation?: string;
}

/**
 * Answers one browser request, in an order where every refusal comes before anything it guards:
 * route (404/405/400) → query → cross-site and CSRF (403) → session (401) → authorization (404)
 * → idempotency key format → body (415/413/400) → idempotency claim (replay/409/422) → the
 * operation. Every response, refusals and event streams included, gets the security headers.
 */
export async function handleBffRequest<S extends { id: string }>(
  ctx: BffContext<S>,
  request: Request,
): Promise<Response> {
  const progress: Progress = {};
  let response: Response;
  try {
    response = await answer(ctx, request, progress);
  } catch (error) {
    response = errorToResponse(error, {
      logger: ctx.logger,
      operation: progress.operation,
      aborted: request.signal.aborted,
    });
  }
  return finish(response, corsHeaders(request.headers.get('origin'), ctx.allowedOrigins));
}

function finish(response: Response, cors: Record<string, string>): Response {
  let out = response;
  try {
    out.headers.set('Cache-Control', 'no-store');
  } catch {
    // Immutable headers (a response some callback returned as is): copy it.
    out = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(securityHeaders)) out.headers.set(name, value);
  for (const [name, value] of Object.entries(cors)) {
    if (!out.headers.has(name)) out.headers.set(name, value);
  }
  return out;
}

async function answer<S extends { id: string }>(
  ctx: BffContext<S>,
  request: Request,
  progress: Progress,
): Promise<Response> {
  const url = new URL(request.url);
  const path = stripBasePath(url.pathname, ctx.basePath);
  if (path === null) throw notFound();
  if (request.method === 'OPTIONS') {
    return preflightResponse(request, path, ctx.allowedOrigins, ctx.csrfHeader.name);
  }
  const route = resolveRoute(request.method, path, url);
  progress.operation = route.name;
  checkRequestOrigin(request, url, ctx);

  const session = await ctx.getSession(request);
  if (!session) throw new HttpRefusal(401, 'unauthorized', 'Sign in to continue');
  const ids = await authorizeOperation(ctx, session, route, request);

  const row: OperationDefinition = operations[route.name];
  const keyHeader = request.headers.get('idempotency-key');
  // Non-idempotent writes only: a GET, PUT or close repeats harmlessly without a key.
  const key =
    keyHeader !== null && request.method !== 'GET' && !row.idempotent
      ? parseIdempotencyKey(keyHeader)
      : null;

  let raw: unknown;
  let input: unknown;
  if (row.input) {
    raw = await readJsonBody(request, {
      maxBytes: ctx.maxBodyBytes,
      optional: row.optionalBody,
    });
    input = await prepareInput(row, raw, route.params);
  } else if (request.method !== 'GET') {
    // No body is read here, but a form or text post is still not ours to accept.
    const type = request.headers.get('content-type');
    if (type !== null && !isJsonContentType(type)) {
      throw new HttpRefusal(415, 'unsupported_media_type', 'Send the body as application/json');
    }
  }

  const op: OperationRequest<S> = { route, ids, input, session, request, url };
  if (key === null) return runOperation(ctx, op);

  const fingerprint = await sha256Hex(
    `${request.method}\n${route.path}\n${raw === undefined ? '' : canonicalJson(raw)}`,
  );
  const start = await ctx.idempotency.begin(
    { sessionId: session.id, operation: route.name, key },
    fingerprint,
  );
  if (start.kind === 'replay') return replay(start.result);

  let result: Response;
  let keep: boolean;
  try {
    result = await runOperation(ctx, op);
    keep = result.ok;
  } catch (error) {
    result = errorToResponse(error, {
      logger: ctx.logger,
      operation: route.name,
      aborted: request.signal.aborted,
    });
    // The service refused the input itself: the same request would be refused again. Anything
    // else (429, 5xx, a timeout) may pass on a retry, which must be able to run.
    keep = error instanceof ValidationError;
  }
  if (keep) {
    await start.claim.complete({
      status: result.status,
      body: await result.clone().text(),
      contentType: result.headers.get('content-type'),
    });
  } else {
    await start.claim.release();
  }
  return result;
}

function replay(result: StoredResult): Response {
  const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
  if (result.contentType) headers['Content-Type'] = result.contentType;
  const empty = result.status === 204 || result.status === 205 || result.status === 304;
  return new Response(empty ? null : result.body, { status: result.status, headers });
}
