import type { GenericSchema } from 'valibot';
import { formatSseEvent } from '../../core/formatSseEvent.js';
import { matchOperation } from '../../core/matchOperation.js';
import type { OperationName } from '../../core/operations.js';
import {
  DEFAULT_BFF_BASE_PATH,
  DEFAULT_CSRF_HEADER,
  operations,
  trimBasePath,
} from '../../core/operations.js';
import { parseResponse } from '../../core/parseResponse.js';
import { buildPath } from '../../core/paths.js';
import type { RelayedEvent } from '../../core/schemas/loanEvent.js';
import { toLoanEvent } from '../../core/toLoanEvent.js';
import { answerShapes } from '../../core/wire/answerShapes.js';
import type { AnswerName } from '../../core/wire/readAnswer.js';
import { readAnswer } from '../../core/wire/readAnswer.js';
import type { SandboxService } from '../sandbox/createSandboxService.js';
import { createSandboxService } from '../sandbox/createSandboxService.js';
import { HOSTED_PREFIX } from '../sandbox/hostedUrl.js';
import { json } from '../sandbox/sandboxResponses.js';

/** Options of {@link createMockBff}. */
export interface MockBffOptions {
  /** The sandbox that plays the service. Default: a new one (auto clock, 30-45 s quoting). */
  sandbox?: SandboxService;
  /** Where the BFF is mounted. Default `/api/insurance`. */
  basePath?: string;
  /** The CSRF header the BFF requires on writes. Default `X-LIR-CSRF: 1`. */
  csrfHeader?: { name: string; value: string };
}

/** A stand-in for the BFF, answering from a sandbox. */
export interface MockBff {
  /** Answers BFF requests (`{basePath}/…`) and the sandbox's hosted pages (`/sandbox/…`). */
  handler(request: Request): Promise<Response>;
  readonly sandbox: SandboxService;
  readonly basePath: string;
}

const refuse = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  json({ error: { code, message } }, status, headers);

/**
 * A success answer of the service as the BFF gives it to the browser: read as the BFF reads it
 * (see `readWire`: leniently, only the fields the library knows, defaults filled in, the
 * service's other spellings named one way), since the HTTP adapter takes the BFF's answers as
 * they come. A body the parser refuses is answered as the
 * BFF answers it: 502 `service_error`, without the service's details.
 */
async function normalized(name: OperationName, res: Response): Promise<Response> {
  const output: GenericSchema | null = operations[name].output;
  if (res.status === 204 || output === null) return res;
  const text = await res.text();
  let value: unknown = {};
  try {
    if (text.trim() !== '') value = JSON.parse(text);
  } catch {
    // As the BFF does: a 2xx whose details cannot be read is read as `{}`.
  }
  if (Object.hasOwn(answerShapes, name)) {
    // As the BFF reads it: leniently, and only the fields the library knows reach the browser.
    const read = readAnswer(name as AnswerName, value, { unknown: 'drop' });
    return read.ok
      ? json(read.value, res.status)
      : refuse(502, 'service_error', 'The insurance service could not answer');
  }
  try {
    return json(parseResponse(output, value), res.status);
  } catch {
    return refuse(502, 'service_error', 'The insurance service could not answer');
  }
}

/**
 * The BFF's browser-facing API, answered from a sandbox in the same process: the routes, methods,
 * CSRF header, error bodies, `Idempotency-Key` replay and event stream of `createInsuranceBff`,
 * and its answers in the BFF's shape (read with the core's tolerant parsers, each field in one
 * spelling), with every loan visible (there are no sessions). For tests, stories and demos of the hooks and
 * components without a server; `lender-insurance-react/testing/msw` wraps it in MSW handlers.
 *
 * @example
 * const bff = createMockBff({ sandbox: createSandboxService({ quoteDelayMs: 2000 }) });
 * const adapter = createHttpAdapter({ fetch: (input, init) => bff.handler(new Request(new URL(String(input), location.href), init)) });
 */
export function createMockBff(options: MockBffOptions = {}): MockBff {
  const sandbox = options.sandbox ?? createSandboxService();
  const basePath = trimBasePath(options.basePath ?? DEFAULT_BFF_BASE_PATH);
  const csrf = options.csrfHeader ?? DEFAULT_CSRF_HEADER;
  const client = sandbox.clients[0];
  if (!client) throw new TypeError('The sandbox has no client');
  let token: Promise<string> | undefined;
  const replays = new Map<string, { body: string; status: number; text: string; type: string }>();

  const upstream = (origin: string, path: string, init: RequestInit) =>
    sandbox.handler(new Request(`${origin}${sandbox.basePath}${path}`, init));

  async function accessToken(origin: string): Promise<string> {
    token ??= upstream(origin, operations.createToken.upstream.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: client?.clientId, client_secret: client?.clientSecret }),
    })
      .then((r) => r.json())
      .then((b: { access_token: string }) => b.access_token);
    return token;
  }

  const loanEvents = (loanId: string): RelayedEvent[] =>
    sandbox.events
      .filter((e) => e.data.loanId === loanId)
      .map((e, i) => ({
        cursor: String(i + 1),
        event: toLoanEvent(e, String(e.data.loanId ?? '')),
      }));

  function streamEvents(request: Request, loanId: string, after: number): Response {
    const encoder = new TextEncoder();
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (r: RelayedEvent) => controller.enqueue(encoder.encode(formatSseEvent(r)));
        controller.enqueue(encoder.encode('retry: 3000\n\n'));
        for (const r of loanEvents(loanId).slice(after)) send(r);
        const unsubscribe = sandbox.subscribe((e) => {
          if (e.data.loanId !== loanId) return;
          const all = loanEvents(loanId);
          const last = all[all.length - 1];
          if (last) send(last);
        });
        // The BFF's comment heartbeats, which tell a client the stream is alive while quiet.
        const heartbeat = setInterval(
          () => controller.enqueue(encoder.encode(': heartbeat\n\n')),
          15_000,
        );
        stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
          try {
            controller.close();
          } catch {
            // already closed
          }
        };
        request.signal.addEventListener('abort', stop, { once: true });
      },
      cancel: () => stop(),
    });
    return new Response(body, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
    });
  }

  async function forward(request: Request, name: OperationName, params: Record<string, string>) {
    const row = operations[name];
    if (!row.upstream) return refuse(404, 'not_found', 'Not found');
    const origin = new URL(request.url).origin;
    let body: string | undefined;
    if (row.input) {
      const text = await request.text();
      if (row.loanIdInBody || row.serverAssigned.length > 0) {
        let parsed: unknown;
        try {
          parsed = text === '' ? {} : JSON.parse(text);
        } catch {
          return refuse(400, 'invalid_json', 'The body is not valid JSON');
        }
        // As the BFF does: what only a server sets (an external id) never comes from a browser.
        if (parsed && typeof parsed === 'object') {
          for (const field of row.serverAssigned) delete (parsed as Record<string, unknown>)[field];
        }
        body = JSON.stringify(
          row.loanIdInBody ? { ...(parsed as object), id: params.loanId } : parsed,
        );
      } else {
        body = text;
      }
    }
    const send = async () =>
      upstream(origin, buildPath(row.upstream.path, params), {
        method: row.upstream.method,
        headers: {
          Authorization: `Bearer ${await accessToken(origin)}`,
          ...(body !== undefined
            ? { 'Content-Type': request.headers.get('content-type') ?? '' }
            : {}),
        },
        ...(body !== undefined ? { body } : {}),
      });
    let res = await send();
    if (res.status === 401) {
      token = undefined;
      res = await send();
    }
    if (res.status === 429) {
      // The BFF turns the service's plain-text 429 into its JSON error with a wait.
      return refuse(429, 'rate_limited', 'Rate limit exceeded', { 'Retry-After': '60' });
    }
    if (res.ok) return normalized(name, res);
    return new Response(res.body, {
      status: res.status,
      headers: {
        'Content-Type': res.headers.get('content-type') ?? 'application/json',
        'Cache-Control': 'no-store',
      },
    });
  }

  async function withIdempotency(
    request: Request,
    run: () => Promise<Response>,
  ): Promise<Response> {
    const key = request.headers.get('idempotency-key');
    if (!key || request.method === 'GET') return run();
    const body = await request.clone().text();
    const id = `${request.method} ${new URL(request.url).pathname} ${key}`;
    const seen = replays.get(id);
    if (seen) {
      if (seen.body !== body)
        return refuse(422, 'idempotency_key_reused', 'Key used for another request');
      return new Response(seen.text, {
        status: seen.status,
        headers: { 'Content-Type': seen.type, 'Idempotent-Replayed': 'true' },
      });
    }
    const res = await run();
    if (res.ok) {
      const text = await res.clone().text();
      replays.set(id, {
        body,
        status: res.status,
        text,
        type: res.headers.get('content-type') ?? '',
      });
    }
    return res;
  }

  async function handler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith(HOSTED_PREFIX)) return sandbox.handler(request);
    if (!url.pathname.startsWith(`${basePath}/`)) return refuse(404, 'not_found', 'Not found');
    const match = matchOperation('bff', request.method, url.pathname.slice(basePath.length));
    if (match.kind === 'not_found') return refuse(404, 'not_found', 'Not found');
    if (match.kind === 'method_not_allowed') {
      return refuse(405, 'method_not_allowed', 'Method not allowed', {
        Allow: match.allow.join(', '),
      });
    }
    if (match.kind === 'invalid_id') return refuse(400, 'invalid_id', 'Malformed id');
    if (request.method !== 'GET' && request.headers.get(csrf.name) !== csrf.value) {
      return refuse(403, 'forbidden', 'Missing CSRF header');
    }
    const params = match.params as Record<string, string>;
    if (match.name === 'loanEvents') {
      const loanId = params.loanId as string;
      const after =
        Number(request.headers.get('last-event-id') ?? url.searchParams.get('after') ?? 0) || 0;
      if ((request.headers.get('accept') ?? '').includes('text/event-stream')) {
        return streamEvents(request, loanId, after);
      }
      const events = loanEvents(loanId).slice(after);
      return json({ events, cursor: events.at(-1)?.cursor ?? (after ? String(after) : null) });
    }
    if (match.name === 'getTcpaConsent') {
      const consent = sandbox.inspectLoan(params.loanId as string)?.tcpaConsent ?? null;
      return normalized('getTcpaConsent', json({ recorded: consent !== null, consent }));
    }
    return withIdempotency(request, () => forward(request, match.name, params));
  }

  return { handler, sandbox, basePath };
}
