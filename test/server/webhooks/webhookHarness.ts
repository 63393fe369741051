import { createHmac } from 'node:crypto';
import { vi } from 'vitest';
import type { WebhookEvent } from '../../../src/core/schemas/webhookEvent.js';
import type { EventRelay } from '../../../src/server/events/createEventRelay.js';
import { createEventRelay } from '../../../src/server/events/createEventRelay.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import type { Store } from '../../../src/server/store/Store.js';
import type {
  WebhookEventContext,
  WebhookHandlerOptions,
} from '../../../src/server/webhooks/createWebhookHandler.js';
import { createWebhookHandler } from '../../../src/server/webhooks/createWebhookHandler.js';

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const SECRET = 'whsec_current_0123456789';
export const OLD_SECRET = 'whsec_previous_9876543210';
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
export const URL_ = 'https://lender.example/webhooks/insurance';
export const SIGNATURE_HEADER = 'X-Service-Signature-1';
/** The basic-auth credentials of the receivers that check them. */
export const CREDENTIALS = { username: 'hook_user', password: 'hook_pass' };

/** An `Authorization` header carrying basic-auth credentials. */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** The signature, computed independently of src with node:crypto. */
export function sign(body: string | Uint8Array, secret = SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A valid `loan.shopped` envelope one minute old, with overrides. */
export function envelope(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'evt_1',
    type: 'loan.shopped',
    objectType: 'loan',
    occurredAt: new Date(NOW - MINUTE).toISOString(),
    data: { loanId: 'ln_1', partnerId: 'partner_a', platformId: null },
    ...patch,
  };
}

/** What a test may change about a delivery; everything else is a valid signed delivery. */
export interface DeliveryInit {
  /** Default: `JSON.stringify(envelope())`. */
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  /** Default: the signature of `body` (strings and bytes) with `secret`; `null` = no header. */
  signature?: string | null;
  secret?: string;
  method?: string;
  /** Default `application/json`; `null` = none set. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** A delivery the way the service sends it, changed by `init`. */
export function delivery(init: DeliveryInit = {}): Request {
  const body = init.body ?? JSON.stringify(envelope());
  const headers = new Headers(init.headers);
  const contentType = init.contentType === undefined ? 'application/json' : init.contentType;
  if (contentType !== null) headers.set('Content-Type', contentType);
  const signature =
    init.signature !== undefined
      ? init.signature
      : body instanceof ReadableStream
        ? null
        : sign(body, init.secret ?? SECRET);
  if (signature !== null) headers.set(SIGNATURE_HEADER, signature);
  const method = init.method ?? 'POST';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(URL_, {
    method,
    headers,
    ...(hasBody ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

/** A response read once. */
export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies field by field
  body: any;
}

export async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}

/** A handler over an in-memory store on a clock the test moves, with spies on every write. */
export interface Setup {
  handler: (request: Request) => Promise<Response>;
  send(init?: DeliveryInit): Promise<Answer>;
  store: Store;
  relay: EventRelay;
  onEvent: ReturnType<
    typeof vi.fn<(event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>>
  >;
  logger: {
    info: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
  /** Writes to the store of any kind (claims, records, relay backlog, pub/sub). */
  writes(): number;
  /** Moves the handler's and the store's clock. */
  advance(ms: number): void;
  setNow(ms: number): void;
}

/**
 * `wrapStore` lets a test interpose on the store (fail a write, schedule calls) while keeping
 * the memory store on the test's clock.
 */
export function setup(
  options: Partial<WebhookHandlerOptions> = {},
  wrapStore: (store: Store) => Store = (store) => store,
): Setup {
  let clock = NOW;
  const now = () => clock;
  const store = options.store ?? wrapStore(createMemoryStore({ now }));
  const relay = options.relay ?? createEventRelay({ store });
  const onEvent =
    vi.fn<(event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>>();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const spies = (['setIfAbsent', 'set', 'delete', 'append', 'publish'] as const).map((name) =>
    vi.spyOn(store, name),
  );
  const { handler } = createWebhookHandler({
    secret: SECRET,
    store,
    relay,
    onEvent,
    logger,
    now,
    ...options,
  });
  return {
    handler,
    send: async (init) => read(await handler(delivery(init))),
    store,
    relay,
    onEvent,
    logger,
    writes: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    advance(ms) {
      clock += ms;
    },
    setNow(ms) {
      clock = ms;
    },
  };
}

/** `node:crypto` as the receiver reaches it (`process.getBuiltinModule`), so spies on it see its calls. */
export const nodeCrypto = process.getBuiltinModule('node:crypto');

/** node:crypto's HMAC functions as the signature check uses them, each a spy on the real one. */
export function nodeCryptoSpies() {
  return {
    createHmac: vi.fn(nodeCrypto.createHmac),
    createSecretKey: vi.fn(nodeCrypto.createSecretKey),
    timingSafeEqual: vi.fn(nodeCrypto.timingSafeEqual),
  };
}

/**
 * Watches every MAC the receiver computes to check a signature, whichever way the runtime
 * offers: `crypto.subtle` (its key import and `verify`), or `node:crypto`'s `createHmac` under
 * a key object (the harness signs with the secret as a string, so `sign` is not counted).
 * Start it after the handler is made: making one checks node:crypto on a known answer.
 */
export function spyOnSignatureMacs(): { count(): number } {
  const importKey = vi.spyOn(crypto.subtle, 'importKey');
  const verify = vi.spyOn(crypto.subtle, 'verify');
  const createHmac = vi.spyOn(nodeCrypto, 'createHmac');
  return {
    count: () =>
      importKey.mock.calls.length +
      verify.mock.calls.length +
      createHmac.mock.calls.filter(([, key]) => typeof key !== 'string').length,
  };
}
