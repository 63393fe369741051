import type { WebhookEvent } from '../../core/schemas/webhookEvent.js';
import { parseOccurredAt } from '../../core/schemas/webhookEvent.js';
import type { EventRelay } from '../events/createEventRelay.js';
import { createHintLog } from '../events/createHintLog.js';
import { closingConnection } from '../http/closingConnection.js';
import { isJsonContentType } from '../http/isJsonContentType.js';
import type { NodeMessageEntry } from '../http/nodeEntry.js';
import { nodeEntry } from '../http/nodeEntry.js';
import { nodeRequestView } from '../http/nodeRequestView.js';
import type { RequestView } from '../http/RequestView.js';
import { responseOfAnswer } from '../http/responseOfAnswer.js';
import { webRequestView } from '../http/webRequestView.js';
import type { Store } from '../store/Store.js';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';
import { builtinNodeCrypto } from './builtinNodeCrypto.js';
import type { BasicAuthCredentials } from './createBasicAuthCheck.js';
import type { DeliveryPrefix } from './createDeliveryPrefixes.js';
import { createDeliveryPrefixes } from './createDeliveryPrefixes.js';
import { createHeaderPrefixHint } from './createHeaderPrefixHint.js';
import { createSignatureVerifier } from './createSignatureVerifier.js';
import { decodeWebhookEvent } from './decodeWebhookEvent.js';
import type { FoundSignature } from './findSignatureHeader.js';
import { findSignatureHeader } from './findSignatureHeader.js';
import { readDeliveryHeaders } from './readDeliveryHeaders.js';
import { resolveWebhookOptions } from './resolveWebhookOptions.js';
import { settleWithin } from './settleWithin.js';
import { WEBHOOK_TEST_EVENT_TYPE } from './WEBHOOK_TEST_EVENT_TYPE.js';
import type { WebhookAnswer } from './WebhookAnswer.js';
import { webhookError } from './webhookError.js';
import type { DescribedRefusal } from './webhookRefusals.js';
import { webhookRefusals } from './webhookRefusals.js';

/** Where the receiver reports what it ignored or could not do. Never given a secret. */
export interface WebhookLogger {
  /** For news that needs no action (the header prefix deliveries come under); else `warn`. */
  info?(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

/**
 * A delivery's routing headers, read under the prefix its signature header came under. They
 * are NOT signed: anyone who can reach the receiver can write them, so never authorize, route
 * or link on them (the event's signed body says which partner and application it is about).
 * For logs and cross-checks only.
 */
export interface WebhookDeliveryHeaders {
  /**
   * The prefix, as pinned or as found (capitalized, e.g. `X-Acme`); `null` for an unsigned
   * delivery (`allowUnsigned`) under `headerPrefix: 'auto'`, which names no prefix.
   */
  prefix: string | null;
  /** `<prefix>-Partner-Id`, or `null`. Unsigned. */
  partnerId: string | null;
  /** `<prefix>-External-Id`, or `null`. Unsigned. */
  externalId: string | null;
}

/** What the receiver learned about an event before handing it to `onEvent`. */
export interface WebhookEventContext {
  /**
   * The loan application the event was relayed to, or `null` when it could not be tied to
   * exactly one (no loan id, and its external id names none or several applications): then no
   * browser sees it, and deciding what to do with it is yours (logged as well).
   */
  loanId: string | null;
  /** The delivery's unsigned partner and external id headers, for information only. */
  headers: WebhookDeliveryHeaders;
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /** The client secret; a list = the current one first, then older ones during a rotation. */
  secret: string | readonly string[];
  /** De-duplication records. Default: an in-memory store (one instance only). */
  store?: Store;
  /** Where verified events go for the browsers. Default: `createEventRelay({ store })`. */
  relay?: EventRelay;
  /**
   * Called once per documented event, after it is relayed. Unknown types are acknowledged and
   * ignored. Delivery is at least once (a crash after your effect and before the event is
   * recorded leads to a redelivery): key your side effects by `event.id`.
   */
  onEvent?: (event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /**
   * The credentials registered with the service; compared in constant time, before any byte of
   * the body is read, so a client without them cannot make the receiver hold or wait for a body.
   */
  basicAuth?: BasicAuthCredentials;
  /** Accept deliveries without a signature header. Only together with `basicAuth`. */
  allowUnsigned?: boolean;
  /**
   * Header name prefix. Default `'auto'`: a delivery must carry exactly one `X-*-Signature-1`
   * header (any vendor prefix, e.g. the production service's `X-Acme-Signature-1` or the spec's
   * `X-Service-Signature-1`; copies with the same value count as one) whose HMAC verifies; two
   * with different values are refused 401 `conflicting_signatures`. The header's name proves
   * nothing, the HMAC with the secret does, so accepting any name is as safe as pinning one.
   * The partner and external id headers are read under the same prefix, and each prefix seen
   * is logged once (`logger.info`, or `warn` for a logger without it), with how to pin it.
   *
   * A prefix, e.g. `'X-Acme'`, pins the headers: only `X-Acme-Signature-1` is read, and a
   * delivery without it but with another `X-*-Signature-1` is answered 401 with the prefix to
   * set, which is also logged (a warning at most once a minute per prefix found).
   */
  headerPrefix?: string;
  /** Largest body accepted. Default 256 KiB. */
  maxBodyBytes?: number;
  /**
   * Time for the whole body to arrive, counted from when reading starts; a slower one (a stalled
   * or trickling client) is cut off with 408 `request_timeout`. Default 10 000 ms.
   */
  bodyTimeoutMs?: number;
  /**
   * Deliveries read or processed at once (each until it is answered); one more is answered 503
   * `busy` with `Retry-After` at once, its body unread, and the service delivers it again later.
   * With `maxBodyBytes` it bounds the memory that open deliveries can hold. Default 64.
   */
  maxConcurrentDeliveries?: number;
  /** Events older than this are refused as replays. Default 14 days (the delivery window). */
  maxAgeMs?: number;
  /** How far in the future `occurredAt` may be (clock skew). Default 5 minutes. */
  futureSkewMs?: number;
  /** Time budget before answering 202 while processing continues. Default 5 000 ms. */
  processingTimeoutMs?: number;
  /**
   * How long a delivery's claim on its event lasts while processing; after it, a redelivery may
   * process the event again (the holder is presumed dead). Default 15 minutes; must exceed
   * `processingTimeoutMs`.
   */
  processingLeaseMs?: number;
  /** Clock (ms since the epoch). Default `Date.now`. */
  now?: () => number;
  /** Default: `console.warn` / `console.error`. */
  logger?: WebhookLogger;
}

/** A web-standard webhook endpoint: mount `handler` on the URL registered with the service. */
export interface WebhookHandler {
  handler(request: Request): Promise<Response>;
}

const PROCESSING = 'processing';
const DONE = 'done';

const storeUnavailable = () =>
  webhookError(503, 'store_unavailable', 'The receiver cannot record events now; retry later', {
    'retry-after': '30',
  });

const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="webhooks", charset="UTF-8"' };

// The acknowledgements are the same every time: made once, shared (nothing writes to them).
const OK_HEADERS = Object.freeze({
  'content-type': 'application/json',
  'cache-control': 'no-store',
});
const ok = (body: Record<string, unknown>, status = 200): WebhookAnswer =>
  Object.freeze({ status, headers: OK_HEADERS, body: JSON.stringify(body) });
const RECEIVED = ok({ received: true });
const DUPLICATE = ok({ duplicate: true });
const TEST_RECEIVED = ok({ received: true, test: true });
const IGNORED = ok({ received: true, ignored: true });
const PENDING = ok({ received: true, pending: true }, 202);

/**
 * What a log line says of a delivery's routing headers: the prefix, and the partner id marked
 * unsigned and cut short (it is the sender's text). The external id is left out: it names a
 * borrower's application.
 */
function unsignedMeta(headers: WebhookDeliveryHeaders): Record<string, unknown> {
  if (headers.prefix === null) return {};
  return {
    headerPrefix: headers.prefix,
    unsignedPartnerId: headers.partnerId === null ? null : headers.partnerId.slice(0, 100),
  };
}

/** The answer to a request whose body will not be read to its end: given up, and closing. */
function dropUnreadBody(request: RequestView, answer: WebhookAnswer): WebhookAnswer {
  request.dropBody();
  return closingConnection(answer);
}

/**
 * Creates the webhook receiver. Each delivery goes through, in order, failing fast with a JSON
 * error and no side effect: POST only (405) → `application/json`, in UTF-8 if a charset is
 * named (415) → basic auth when configured, before any byte of the body is read (401) → one of
 * `maxConcurrentDeliveries` slots (503 `busy` with `Retry-After`, body unread) → the whole body
 * within `bodyTimeoutMs` (408 `request_timeout`) and under the size cap, counted as it streams,
 * before any HMAC (413) → the signature: the one `X-*-Signature-1` header under `headerPrefix:
 * 'auto'` (401 `conflicting_signatures` for two that differ), or the pinned prefix's → its
 * HMAC-SHA256 of the raw bytes against each configured secret (401; for a pinned prefix, when
 * its signature header is missing but one under another prefix is there, the 401 and a
 * warning name the `headerPrefix` to set) →
 * JSON (400) → envelope schema (400) → 14-day window and 5-minute skew (400 `stale_event` /
 * `event_from_future`) → a self-check delivery (type `lir.webhook.test`, see
 * `WEBHOOK_TEST_EVENT_TYPE`) answers 200 `{ received: true, test: true }` here and goes no
 * further → de-duplication by event id in the store (a done event answers 200
 * `{ duplicate: true }`; one being processed elsewhere answers 409, which the service retries)
 * → relay + `onEvent`, acknowledged 200, or 202 if they outlast the budget.
 * A delivery refused for its basic auth or its signature (missing, or not verifying against
 * `secret`) is logged as an error naming the setting to fix (`basicAuth`, `headerPrefix`,
 * `secret`, and the environment variables the demo reads them from), at most once a minute per
 * cause, and recorded in the relay's `webhookHealth`, so the BFF sharing the relay can say why
 * a shopped loan's event never came.
 * When the store cannot answer (a shared Redis down), the delivery fails closed with 503
 * `store_unavailable` and nothing is processed, so the service delivers it again.
 * A refusal given before the body was read to its end cancels it and closes the connection, so
 * a stalled or trickling client holds neither memory nor a socket; at most
 * `maxConcurrentDeliveries × maxBodyBytes` of bodies are buffered at once.
 *
 * Routing headers (`X-<Vendor>-Partner-Id`, `X-<Vendor>-External-Id`) are not signed, so they
 * decide nothing: the partner and loan come from the signed body only. They are read under the
 * signature's prefix and handed to `onEvent` (`context.headers`) and to log lines, for
 * information.
 *
 * @example
 * const webhooks = createWebhookHandler({
 *   secret: process.env.SERVICE_CLIENT_SECRET!,
 *   store, relay,
 *   onEvent: async (event) => {
 *     if (event.type === 'policy.bound') await jobs.enqueueOnce(event.id, event.data.policyId);
 *   },
 * });
 * // Next.js route handler: export const POST = webhooks.handler;
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const {
    secrets,
    allowUnsigned,
    checkBasicAuth,
    headerPrefix,
    signatureHeader,
    maxBodyBytes,
    bodyTimeoutMs,
    maxConcurrentDeliveries,
    maxAgeMs,
    futureSkewMs,
    timeoutMs,
    leaseMs,
    retentionMs,
    now,
    store,
    relay,
    logger,
  } = resolveWebhookOptions(options);
  const claimKey = (id: string) => `lir:webhook:${id}`;
  const signatureName = signatureHeader?.toLowerCase() ?? null;
  // Only a pinned prefix can be the wrong one; under 'auto' any prefix is taken.
  const prefixHint =
    signatureHeader === null
      ? null
      : createHeaderPrefixHint({ expectedPrefix: headerPrefix, logger, now });
  const prefixOf = createDeliveryPrefixes({ headerPrefix, logger });
  // A wrong secret or credentials refuse every delivery: said once a minute per cause, not 401
  // times a minute, and kept for the BFF, which explains from it why a loan's event never came.
  const hint = createHintLog({ logger, now });
  const refuse = (refusal: DescribedRefusal) => {
    if (refusal.log !== '') hint(refusal.key, refusal.log, { status: 401 });
    relay.webhookHealth?.refused(refusal, now());
  };
  // By then every delivery being read now has its body or was cut off, and most have an answer.
  const retryAfter = String(Math.ceil((bodyTimeoutMs + timeoutMs) / 1_000));
  let deliveriesInFlight = 0;
  // On Node the check runs on this thread and answers at once (see verifyWebhookSignature).
  const verifySignature = createSignatureVerifier(builtinNodeCrypto());

  /** Whether a configured secret signed `body`: at once when the check runs on this thread. */
  function signatureValid(body: Uint8Array, signature: string): boolean | Promise<boolean> {
    for (let i = 0; i < secrets.length; i++) {
      const valid = verifySignature(body, signature, secrets[i] as string);
      if (typeof valid !== 'boolean') return signatureValidFrom(valid, i, body, signature);
      if (valid) return true;
    }
    return false;
  }

  /** The rest of `signatureValid` once a check answered asynchronously (Web Crypto). */
  async function signatureValidFrom(
    pending: Promise<boolean>,
    index: number,
    body: Uint8Array,
    signature: string,
  ): Promise<boolean> {
    if (await pending) return true;
    for (let i = index + 1; i < secrets.length; i++) {
      if (await verifySignature(body, signature, secrets[i] as string)) return true;
    }
    return false;
  }

  async function claim(id: string): Promise<'claimed' | 'done' | 'processing'> {
    // Twice: the claim can expire between a failed setIfAbsent and the read.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await store.setIfAbsent(claimKey(id), PROCESSING, leaseMs)) return 'claimed';
      const state = await store.get(claimKey(id));
      if (state === DONE) return 'done';
      if (state !== null) return 'processing';
    }
    return 'processing';
  }

  async function markDone(event: { id: string; type: string }): Promise<void> {
    try {
      await store.set(claimKey(event.id), DONE, retentionMs);
    } catch (error) {
      // The effect happened, so the delivery is still acknowledged; the claim's lease runs
      // out and only a redelivery would process the event again (onEvent is at least once).
      logger.error('webhook: could not record the event as done', {
        eventId: event.id,
        type: event.type,
        error,
      });
    }
  }

  async function release(
    event: { id: string; type: string },
    headers: WebhookDeliveryHeaders,
    error: unknown,
  ): Promise<void> {
    logger.error('webhook: processing failed; the claim is released for a retry', {
      eventId: event.id,
      type: event.type,
      ...unsignedMeta(headers),
      error,
    });
    // If the delete fails too, the lease expiring does the same job, only later.
    await store.delete(claimKey(event.id)).catch(() => undefined);
  }

  async function processEvent(
    event: WebhookEvent,
    request: RequestView,
    prefix: DeliveryPrefix | null,
  ): Promise<void> {
    // The relay publishes an event id once, so a redelivery after a crash (claim expired, event
    // not marked done) calls onEvent again but does not relay twice.
    const loanId = await relay.publish(event);
    if (options.onEvent) {
      await options.onEvent(event, { loanId, headers: readDeliveryHeaders(request, prefix) });
    }
  }

  /** The signature to verify: the pinned prefix's header, or the one found under any prefix. */
  function signatureOf(request: RequestView): FoundSignature | 'conflicting' | null {
    if (signatureName === null) return findSignatureHeader(request);
    const value = request.header(signatureName);
    return value === null || value === '' ? null : { name: signatureName, value };
  }

  async function handle(request: RequestView): Promise<WebhookAnswer> {
    if (request.method !== 'POST') {
      return dropUnreadBody(
        request,
        webhookError(405, 'method_not_allowed', 'Use POST', { allow: 'POST' }),
      );
    }
    const contentType = request.header('content-type');
    // The service's own spelling answers at once; any other is read in full.
    if (
      contentType === null ||
      (contentType !== 'application/json' && !isJsonContentType(contentType))
    ) {
      return dropUnreadBody(
        request,
        webhookError(415, 'unsupported_media_type', 'Send the body as application/json'),
      );
    }
    if (request.bodyUsed) {
      logger.error(
        'webhook: the request body was already read; mount the handler before any body parser',
      );
      return webhookError(500, 'internal_error', 'The receiver is misconfigured');
    }
    const authorization = request.header('authorization');
    if (checkBasicAuth && !(await checkBasicAuth(authorization))) {
      refuse(
        authorization === null
          ? webhookRefusals.basicAuthMissing()
          : webhookRefusals.basicAuthWrong(),
      );
      return dropUnreadBody(
        request,
        webhookError(401, 'unauthorized', 'Invalid credentials', BASIC_CHALLENGE),
      );
    }
    // Only authenticated deliveries (when basic auth is on) reach here, so a flood without the
    // credentials cannot take the slots from the service's deliveries.
    if (deliveriesInFlight >= maxConcurrentDeliveries) {
      return dropUnreadBody(
        request,
        webhookError(503, 'busy', 'Too many deliveries at once; retry later', {
          'retry-after': retryAfter,
        }),
      );
    }
    deliveriesInFlight++;
    try {
      return await receive(request);
    } finally {
      deliveriesInFlight--;
    }
  }

  async function receive(request: RequestView): Promise<WebhookAnswer> {
    const body = await request.readBody(maxBodyBytes, bodyTimeoutMs);
    if (body === 'timeout') {
      return dropUnreadBody(
        request,
        webhookError(408, 'request_timeout', 'The body did not arrive in time'),
      );
    }
    if (body === null) {
      return dropUnreadBody(
        request,
        webhookError(413, 'payload_too_large', `The body is larger than ${maxBodyBytes} bytes`),
      );
    }
    const signature = signatureOf(request);
    if (signature === 'conflicting') {
      // Which one did the service mean? Neither is verified, so no copy can be slipped past.
      refuse(webhookRefusals.signaturesConflict());
      return webhookError(
        401,
        'conflicting_signatures',
        'Conflicting signatures: the delivery carries several X-*-Signature-1 headers with different values',
      );
    }
    if (signature === null) {
      // Signed under another prefix than the pinned one: said in the log (and the answer) so
      // the setting can be fixed.
      const mismatch = prefixHint?.(request.headerNames()) ?? null;
      if (!allowUnsigned) {
        refuse(
          mismatch && signatureHeader !== null
            ? webhookRefusals.signatureUnderOtherPrefix(mismatch.foundPrefix, signatureHeader)
            : webhookRefusals.signatureMissing(signatureHeader),
        );
        return webhookError(401, 'unauthorized', mismatch?.message ?? 'Missing signature');
      }
    } else {
      const valid = signatureValid(body, signature.value);
      if (!(typeof valid === 'boolean' ? valid : await valid)) {
        refuse(webhookRefusals.signatureInvalid());
        return webhookError(401, 'unauthorized', 'Invalid signature');
      }
    }

    const decoded = decodeWebhookEvent(body);
    if (decoded.kind === 'invalid') return webhookError(400, decoded.code, decoded.message);
    const event = decoded.kind === 'documented' ? decoded.event : decoded.envelope;
    const occurredAt = parseOccurredAt(event.occurredAt);
    const t = now();
    if (occurredAt < t - maxAgeMs) {
      return webhookError(400, 'stale_event', 'The event is older than the delivery window');
    }
    if (occurredAt > t + futureSkewMs) {
      return webhookError(400, 'event_from_future', 'The event occurred in the future');
    }
    // A setup check's delivery: it proved the URL, the credentials and the signature, and is
    // no event of the service's, so nothing records, relays or hands it on.
    if (event.type === WEBHOOK_TEST_EVENT_TYPE) return TEST_RECEIVED;
    relay.webhookHealth?.accepted(t);
    // Verified: its prefix is the service's (logged the first time under 'auto'). Its routing
    // headers are read only when something uses them (onEvent, a log line).
    const prefix = prefixOf(signature === null ? null : signature.name);

    const state = await claim(event.id);
    if (state === 'done') return DUPLICATE;
    if (state === 'processing') {
      return webhookError(409, 'event_in_progress', 'The event is being processed; retry later');
    }
    if (decoded.kind === 'unknown') {
      logger.warn('webhook: ignored an event of an undocumented type', {
        eventId: event.id,
        type: event.type,
        ...unsignedMeta(readDeliveryHeaders(request, prefix)),
      });
      await markDone(event);
      return IGNORED;
    }

    const work = processEvent(decoded.event, request, prefix);
    const outcome = await settleWithin(work, timeoutMs);
    if (outcome.kind === 'done') {
      await markDone(event);
      return RECEIVED;
    }
    if (outcome.kind === 'failed') {
      await release(event, readDeliveryHeaders(request, prefix), outcome.error);
      if (outcome.error instanceof StoreUnavailableError) return storeUnavailable();
      return webhookError(500, 'processing_failed', 'Processing failed; retry later');
    }
    // Over budget: acknowledge now (the service's timeout must not turn a slow success into a
    // retry storm) and finish in the background. The claim stays `processing` under its lease;
    // if this process dies, the lease expiring lets a redelivery (a manual replay, or the
    // retry of a delivery whose 202 never arrived) process it. Hosts that need durability
    // beyond that should make onEvent enqueue into a durable queue and return at once.
    void work
      .then(
        () => markDone(event),
        (error: unknown) => release(event, readDeliveryHeaders(request, prefix), error),
      )
      // Nothing is left to answer; a throwing logger must not become an unhandled rejection.
      .catch(() => undefined);
    return PENDING;
  }

  /** The whole receiver, answering before any `Response` is made: `toNodeHandler` writes it. */
  async function answer(request: RequestView): Promise<WebhookAnswer> {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        // Fail closed: without the de-duplication record nothing is processed, and the
        // service delivers the event again later.
        logger.error('webhook: the store is unavailable; the delivery is refused for a retry', {
          error: error.message,
        });
        return storeUnavailable();
      }
      logger.error('webhook: unexpected failure', { error });
      return webhookError(500, 'internal_error', 'Internal error');
    }
  }

  const handler = async (request: Request) =>
    responseOfAnswer(await answer(webRequestView(request)));
  // Under toNodeHandler: the Node request itself, unless its body was touched already (a
  // framework buffered it): then srvx's web request over it, read as any web request.
  const fromNode: NodeMessageEntry = (req, res, webOf) =>
    answer(nodeRequestView(req, res, webOf) ?? webRequestView(webOf(req, res)));
  return { handler: nodeEntry.attachMessage(handler, fromNode) };
}
