import type { GenericSchema } from 'valibot';
import { RateLimitedError } from '../../core/errors/RateLimitedError.js';
import type { OperationDefinition } from '../../core/operations.js';
import { operations } from '../../core/operations.js';
import { closingConnection } from '../http/closingConnection.js';
import { giveUpBody } from '../http/giveUpBody.js';
import { isJsonContentType } from '../http/isJsonContentType.js';
import type { NodeEntryAnswer } from '../http/nodeEntry.js';
import type { PlainAnswer } from '../http/PlainAnswer.js';
import { authorizeOperation } from './authorizeOperation.js';
import type { BffContext } from './BffContext.js';
import { canonicalJson } from './canonicalJson.js';
import { checkRequestOrigin } from './checkRequestOrigin.js';
import { corsHeaders } from './corsHeaders.js';
import type { StoredResult } from './createWriteJournal.js';
import { errorToResponse } from './errorToResponse.js';
import { HttpRefusal } from './HttpRefusal.js';
import type { OperationRequest } from './OperationRequest.js';
import { parseIdempotencyKey } from './parseIdempotencyKey.js';
import { preflightResponse } from './preflightResponse.js';
import { prepareInput } from './prepareInput.js';
import { readJsonBody } from './readJsonBody.js';
import { notFound, resolveRoute, stripBasePath } from './resolveRoute.js';
import { runOperation } from './runOperation.js';
import { securityHeaders } from './securityHeaders.js';
import { sessionHash } from './sessionHash.js';
import { sha256Hex } from './sha256Hex.js';

/** What the error mapping learns as the request goes through the steps. */
interface Progress {
  operation?: string;
  inputSchema?: GenericSchema | undefined;
  /** The request's body was read to its end (so the connection can serve the next request). */
  bodyRead?: boolean;
}

// The security headers as a plain answer carries them (lowercase names, like a `Response`'s).
const SECURITY = Object.entries(securityHeaders).map(([name, value]) => [
  name.toLowerCase(),
  value,
]);

/**
 * Answers one browser request, in an order where every refusal comes before anything it guards:
 * route (404/405/400) → query → cross-site and CSRF (403) → session (401) → authorization (404)
 * → the session's writes per window (429) → idempotency key format → body (415/413/400) → the
 * operation (a keyed write through the write journal: replay, wait, 409 or 422). Every
 * answer, refusals and event streams included, gets the security headers.
 *
 * The BFF's one implementation: its web handler (`handleBffRequest`) turns the answer into a
 * `Response`, and its Node entry (see `nodeEntry`) hands a plain answer to `toNodeHandler` as is.
 */
export async function answerBffRequest<S extends { id: string }>(
  ctx: BffContext<S>,
  request: Request,
): Promise<NodeEntryAnswer> {
  const progress: Progress = {};
  let answered: StoredResult | Response;
  try {
    answered = await answer(ctx, request, progress);
  } catch (error) {
    answered = errorToResponse(error, {
      logger: ctx.logger,
      hints: ctx.hints,
      operation: progress.operation,
      inputSchema: progress.inputSchema,
      aborted: request.signal.aborted,
    });
  }
  const cors = corsHeaders(request.headers.get('origin'), ctx.allowedOrigins);
  // Answered before its body was read to its end (refused first, or 413 past the cap).
  const unread = !progress.bodyRead && declaresBody(request);
  if (unread) giveUpBody(request);
  if (answered instanceof Response) return finish(answered, cors, unread);
  const plain = plainOf(answered, cors);
  return unread ? closingConnection(plain) : plain;
}

/** Whether the request says a body follows its headers (a length above 0, or chunks). */
function declaresBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return length.trim() !== '0';
  return request.headers.has('transfer-encoding');
}

function finish(response: Response, cors: Record<string, string>, close: boolean): Response {
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
  // As `closingConnection` says it for a plain answer.
  if (close) out.headers.set('Connection', 'close');
  return out;
}

/** A result with the same headers as `finish` gives its `Response`. */
function plainOf(result: StoredResult, cors: Record<string, string>): PlainAnswer {
  const headers: Record<string, string> = {};
  if (result.headers) {
    for (const name in result.headers) headers[name.toLowerCase()] = result.headers[name] as string;
  }
  if (result.contentType) headers['content-type'] = result.contentType;
  for (const [name, value] of SECURITY) headers[name as string] = value as string;
  for (const name in cors) {
    const key = name.toLowerCase();
    if (!Object.hasOwn(headers, key)) headers[key] = cors[name] as string;
  }
  const { status } = result;
  const empty = status === 204 || status === 205 || status === 304;
  return { status, headers, body: empty ? null : result.body };
}

async function answer<S extends { id: string }>(
  ctx: BffContext<S>,
  request: Request,
  progress: Progress,
): Promise<StoredResult | Response> {
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
  if (request.method !== 'GET') await takeWriteSlot(ctx, session.id);
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
    }).catch((error: unknown) => {
      // Refused for what it says once read whole (not UTF-8, not JSON, too deep): read to its end.
      if (error instanceof HttpRefusal && error.status === 400) progress.bodyRead = true;
      throw error;
    });
    progress.bodyRead = true;
    progress.inputSchema = await row.input();
    input = await prepareInput(row, raw, route.params, ctx.logger);
  } else if (request.method !== 'GET') {
    // No body is read here, but a form or text post is still not ours to accept.
    const type = request.headers.get('content-type');
    if (type !== null && !isJsonContentType(type)) {
      throw new HttpRefusal(415, 'unsupported_media_type', 'Send the body as application/json');
    }
  }

  const op: OperationRequest<S> = { route, ids, input, session, request, url };
  if (key !== null) {
    const body = raw === undefined ? '' : canonicalJson(raw);
    op.idempotency = {
      key,
      fingerprint: await sha256Hex(`${request.method}\n${route.path}\n${body}`),
    };
  }
  return runOperation(ctx, op);
}

/** Spends one of the session's writes of the window (every request but GET counts). */
async function takeWriteSlot<S extends { id: string }>(ctx: BffContext<S>, sessionId: string) {
  const { limit, windowMs } = ctx.sessionWrites;
  const slot = await ctx.store.acquireSlot(
    `lir:writes:${await sessionHash(sessionId)}`,
    limit,
    windowMs,
  );
  if (!slot.acquired) {
    throw new RateLimitedError(
      slot.retryInMs,
      'Too many changes from this session; try again shortly',
    );
  }
}
