import type { GenericSchema } from 'valibot';
import type { WebhookEnvelope } from '../../../src/core/schemas/webhookEvent.js';
import type { BffLogger, InsuranceBffOptions } from '../../../src/server/bff/index.js';
import { createInsuranceBff } from '../../../src/server/bff/index.js';
import type {
  ClientOperationName,
  ServiceCallOptions,
  ServiceClient,
} from '../../../src/server/client/ServiceClient.js';
import type { EventRelay } from '../../../src/server/events/createEventRelay.js';
import {
  buildPath,
  errorFromResponse,
  operations,
  parseResponse,
} from '../../../src/server/index.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import type { SandboxService } from '../../../src/testing/index.js';
import { createSandboxService, SANDBOX_DEFAULTS } from '../../../src/testing/index.js';
import type { ApiResponse } from '../../support/readResponse.js';
import { readResponse } from '../../support/readResponse.js';

export type { ApiResponse };
export { readResponse };

/** The browser's origin in these tests (the BFF is same-origin with the portal). */
export const ORIGIN = 'https://portal.example';
export const BASE_PATH = '/api/insurance';
export const BASE = `${ORIGIN}${BASE_PATH}`;
export const CSRF = { 'X-LIR-CSRF': '1' } as const;

/** What the tests' host keeps in a session. */
export interface TestSession {
  id: string;
  lender: string;
}

/** The tests' sessions, found from `Cookie: sid=<name>`. */
export const SESSIONS: Record<string, TestSession> = {
  alice: { id: 'alice', lender: 'L1' },
  bob: { id: 'bob', lender: 'L1' },
  carol: { id: 'carol', lender: 'L2' },
};

/** One call the fake service client got, with the exact options object. */
export interface RecordedCall {
  name: ClientOperationName;
  options: ServiceCallOptions<ClientOperationName>;
}

/** Answers a fake call: a value, or a thrown error. */
export type Responder = (
  name: ClientOperationName,
  options: ServiceCallOptions<ClientOperationName>,
) => unknown;

/** A {@link ServiceClient} that records every call. */
export interface RecordingClient extends ServiceClient {
  readonly calls: RecordedCall[];
}

/** A loan application as the service answers it. */
export function loanFixture(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    loanNumber: `LN-${id}`,
    status: 'NOT_YET_RATED',
    borrowers: [{ firstName: 'Avery', lastName: 'Stone', isPrimary: true }],
    property: { address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
    currentInsurancePolicies: [],
    hostedDisplayUrl: '',
    ...extra,
  };
}

/** A valid loan application as a browser submits it (one primary borrower in Austin, TX). */
export function loanApplication(extra: Record<string, unknown> = {}) {
  const address = { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
  return {
    loanNumber: 'LN-1',
    borrowers: [
      {
        firstName: 'Avery',
        lastName: 'Stone',
        isPrimary: true,
        email: 'avery@example.com',
        phone: '207-555-0142',
        currentAddress: { ...address },
      },
    ],
    property: { address: { ...address } },
    ...extra,
  };
}

/** A policy with one document on each kind of URL the B18 filter must judge. */
export function policyFixture(id: string, urls: readonly string[]) {
  return {
    id,
    carrier: 'Acme Mutual',
    loanId: 'LN-loan_a1',
    documents: urls.map((url, i) => ({
      id: `doc_${i}`,
      name: `Doc ${i}`,
      type: 'eoi_document',
      url,
    })),
  };
}

const body = (options: ServiceCallOptions<ClientOperationName>) =>
  (options.body ?? {}) as Record<string, unknown>;

/** Canned answers of every client operation. */
export const cannedResponder: Responder = (name, options) => {
  const loanId = options.params?.loanId ?? (body(options).id as string | undefined) ?? 'loan_x';
  switch (name) {
    case 'submitLoanApplication':
      return loanFixture('loan_new', {
        loanNumber: body(options).loanNumber,
        ...(body(options).externalId ? { externalId: body(options).externalId } : {}),
      });
    case 'getLoan':
      return loanFixture(loanId);
    case 'recordConsent':
    case 'recordTcpaConsent':
    case 'recordGeneralConsent':
      return {
        consent: true,
        consentDateTime: '2026-03-02T15:00:00',
        id: loanId,
        termsOfServiceId: body(options).termsOfServiceId,
      };
    case 'shopLoan':
      return { id: loanId, loanId: 'LN-1', status: 'RC1_RATING', hostedDisplayUrl: '' };
    case 'getShoppedLoan':
      return { id: loanId, status: 'RC1_RATED', quotes: [] };
    case 'getQuoteDisplay':
      return { id: loanId, status: 'RC1_RATED', quotes: [] };
    case 'selectQuote':
      return { success: true, quoteId: options.params?.quoteId };
    case 'scheduleCall':
    case 'callMeNow':
      return { success: true, taskId: 'task_1' };
    case 'getPolicy':
      return policyFixture(options.params?.policyId ?? 'pol_x', ['https://docs.example/doc0']);
    case 'initiatePolicyRetrieval':
      return { id: loanId, retrievalUrl: 'https://sandbox.example/retrieve/x' };
    case 'closeLoan':
      return { success: true };
    case 'updateLoanContacts':
    case 'updateCurrentInsurance':
      return undefined;
  }
};

/**
 * A recording fake client answering with `responder` (default: {@link cannedResponder}). Without
 * `baseUrl` it names no service host, so document links pass only on `documentHosts`.
 */
export function createRecordingClient(
  responder: Responder = cannedResponder,
  partnerId?: string,
  baseUrl?: string,
): RecordingClient {
  const calls: RecordedCall[] = [];
  return {
    calls,
    partnerId,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    async call(name, options) {
      calls.push({ name, options: options as ServiceCallOptions<ClientOperationName> });
      return (await responder(name, options as ServiceCallOptions<ClientOperationName>)) as never;
    },
  };
}

/**
 * A sandbox on a manual clock, quoting in `quoteDelayMs`, whose webhook deliveries are published
 * to a BFF's relay, given once the BFF exists (`deliverTo`); until then they are dropped.
 */
export function sandboxWithWebhooks(quoteDelayMs: number) {
  let relay: EventRelay | undefined;
  const sandbox = createSandboxService({
    clock: 'manual',
    quoteDelayMs,
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      await relay?.publish(JSON.parse(String(init?.body)) as WebhookEnvelope);
      return new Response(null, { status: 200 });
    }) as typeof fetch,
  });
  sandbox.registerWebhook(SANDBOX_DEFAULTS.clientId, { url: 'https://lender.example/webhooks' });
  return {
    sandbox,
    deliverTo(to: EventRelay) {
      relay = to;
    },
  };
}

/**
 * A {@link ServiceClient} over a sandbox, with no network: takes a token, then maps
 * `call(name, { params, body })` to the sandbox through the operation table's upstream route.
 * Its `baseUrl` is the sandbox's, so the BFF trusts document links on the sandbox's host.
 */
export async function createSandboxClient(
  sandbox: SandboxService,
  origin = 'https://sandbox.test',
): Promise<RecordingClient> {
  const base = `${origin}${sandbox.basePath}`;
  const tokenRoute = operations.createToken.upstream;
  const tokenResponse = await sandbox.fetch(`${base}${tokenRoute.path}`, {
    method: tokenRoute.method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: SANDBOX_DEFAULTS.clientId,
      client_secret: SANDBOX_DEFAULTS.clientSecret,
    }),
  });
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
  return createRecordingClient(
    async (name, options) => {
      const row = operations[name];
      const path = buildPath(row.upstream.path, options.params ?? {});
      const response = await sandbox.fetch(`${base}${path}`, {
        method: row.upstream.method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      if (!response.ok) {
        throw errorFromResponse({
          status: response.status,
          body: text,
          retryAfter: response.headers.get('retry-after'),
        });
      }
      if (!row.output || response.status === 204) return undefined;
      return parseResponse(row.output as GenericSchema<unknown, unknown>, JSON.parse(text));
    },
    undefined,
    base,
  );
}

/** How a test request is sent. */
export interface SendOptions {
  body?: unknown;
  /** Sent as is (string or stream) instead of `JSON.stringify(body)`. */
  rawBody?: BodyInit;
  /** Default `application/json` when there is a body; `null` sends none. */
  contentType?: string | null;
  /** Session name for `Cookie: sid=…`; `null` sends no cookie. Default `alice`. */
  session?: string | null;
  /** Send the CSRF header on non-GET requests (default true). */
  csrf?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Absolute URL instead of `BASE + path`. */
  url?: string;
}

/** Builds the browser request the tests send. */
export function browserRequest(method: string, path: string, options: SendOptions = {}): Request {
  const headers = new Headers(options.headers);
  const session = options.session === undefined ? 'alice' : options.session;
  if (session !== null) headers.set('Cookie', `sid=${session}; theme=dark`);
  if (options.csrf !== false && method !== 'GET' && method !== 'HEAD') {
    for (const [k, v] of Object.entries(CSRF)) if (!headers.has(k)) headers.set(k, v);
  }
  const payload =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType =
    options.contentType === undefined
      ? payload === undefined
        ? null
        : 'application/json'
      : options.contentType;
  if (contentType !== null) headers.set('Content-Type', contentType);
  return new Request(options.url ?? `${BASE}${path}`, {
    method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
    ...(payload instanceof ReadableStream ? { duplex: 'half' } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  } as RequestInit);
}

/** A logger that keeps what it was told. */
export interface RecordingLogger extends BffLogger {
  lines: Array<{ level: 'warn' | 'error'; message: string; meta?: Record<string, unknown> }>;
}

export function createRecordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  return {
    lines,
    warn: (message, meta) => lines.push({ level: 'warn', message, meta }),
    error: (message, meta) => lines.push({ level: 'error', message, meta }),
  };
}

/** Options of {@link setup}: BFF options over the test defaults, plus the fake's answers. */
export type SetupOptions = Partial<InsuranceBffOptions<TestSession>> & {
  responder?: Responder;
  partnerId?: string;
  /** The fake client's service base URL (its host is where document links may point). */
  baseUrl?: string;
};

/** Loans each session owns at the start (the host's own records). */
export const OWNED: Record<string, readonly string[]> = {
  alice: ['loan_a1', 'loan_a2'],
  bob: ['loan_b1'],
  carol: ['loan_c1'],
};

/** A BFF over a recording fake client, with sessions from cookies and loans owned per session. */
export function setup(options: SetupOptions = {}) {
  const { responder, partnerId, baseUrl, ...overrides } = options;
  const client =
    (overrides.client as RecordingClient | undefined) ??
    createRecordingClient(responder, partnerId, baseUrl);
  const owned = new Map(Object.entries(OWNED).map(([k, v]) => [k, new Set(v)]));
  const logger = createRecordingLogger();
  const store: Store = overrides.store ?? createMemoryStore();
  const authorizeCalls: unknown[] = [];
  const bff = createInsuranceBff<TestSession>({
    client,
    getSession: (request) => {
      const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      return (sid && SESSIONS[sid]) || null;
    },
    authorize: ({ session, operation, loanId, policyId }) => {
      authorizeCalls.push({ session: session.id, operation, loanId, policyId });
      return loanId === undefined || (!!loanId && owned.get(session.id)?.has(loanId) === true);
    },
    onLoanCreated: ({ session, loan }) => {
      owned.get(session.id)?.add(loan.id);
    },
    logger,
    ...overrides,
    store,
  });
  // The BFF's own relay unless the test gives one: it logs to the same logger.
  const relay: EventRelay = bff.relay;
  const raw = (method: string, path: string, send: SendOptions = {}) =>
    bff.handler(browserRequest(method, path, send));
  const send = async (method: string, path: string, send: SendOptions = {}) =>
    readResponse(await raw(method, path, send));
  return {
    bff,
    client,
    calls: client.calls,
    owned,
    logger,
    store,
    relay,
    raw,
    send,
    authorizeCalls,
  };
}

let eventCount = 0;

/** Publishes an event to the relay as the webhook receiver would. */
export function publishEvent(
  relay: EventRelay,
  type: string,
  data: Record<string, unknown>,
): Promise<string | null> {
  eventCount += 1;
  return relay.publish({
    id: `evt_${eventCount}`,
    type,
    objectType: type.startsWith('loan') ? 'loan' : 'policy',
    occurredAt: '2026-03-02T15:00:00Z',
    data: { partnerId: 'p1', ...data },
  });
}

/** A promise with its resolver, for holding a fake call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const TURN = new TextEncoder().encode('flush');

/**
 * Lets the BFF's queued work run, `times` steps of it. The BFF hashes session ids with Web
 * Crypto, which runs on libuv's thread pool, not on the promise queue: a step that only yields
 * to the event loop can go by before a busy machine has run that hash. So each step also makes
 * a digest of its own, queued behind the BFF's on the same pool.
 */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i++) {
    await crypto.subtle.digest('SHA-256', TURN);
    await new Promise<void>((r) => setImmediate(r));
  }
}

/**
 * Lets the event loop turn until `predicate` holds, for at most `timeoutMs` of real time
 * (hashing and crypto run on the thread pool, so no number of turns is enough on a busy
 * machine). Real time is read from `process.hrtime`, which the tests' fake clocks leave alone.
 */
export async function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = process.hrtime.bigint();
  while (!predicate()) {
    if (Number(process.hrtime.bigint() - start) / 1e6 > timeoutMs) {
      throw new Error('the awaited state never came');
    }
    await new Promise<void>((r) => setImmediate(r));
  }
}

/** The security headers every response must carry. */
export const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/** Whether every security header is on the response. */
export function hasSecurityHeaders(headers: Headers): boolean {
  return Object.entries(SECURITY_HEADERS).every(([k, v]) => headers.get(k) === v);
}

/** The header of a browser asking for server-sent events. */
export const SSE = { Accept: 'text/event-stream' };

/** Reads a server-sent-event body as text, chunk by chunk. */
export function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    get text() {
      return text;
    },
    /** Reads until `predicate(text)` holds (or the stream ends). */
    async until(predicate: (text: string) => boolean, maxReads = 50): Promise<string> {
      for (let i = 0; i < maxReads && !predicate(text); i++) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
    async done(): Promise<boolean> {
      const { done } = await reader.read();
      return done;
    },
    cancel: () => reader.cancel(),
  };
}

/** The events (id, event, data) in a server-sent-event text. */
export function parseSse(text: string) {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return { id: field('id'), event: field('event'), data: JSON.parse(field('data') ?? 'null') };
    });
}
