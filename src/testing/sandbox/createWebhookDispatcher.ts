import { hmacSha256Hex } from '../../core/hmacSha256Hex.js';
import { SPEC_WEBHOOK_HEADER_PREFIX } from '../../core/SPEC_WEBHOOK_HEADER_PREFIX.js';
import type { WebhookEnvelope } from '../../core/schemas/webhookEvent.js';
import type { SandboxClock } from './createSandboxClock.js';

/** Where a partner asked for its events to go, as registered with support. */
export interface WebhookTarget {
  url: string;
  /** When set, every delivery carries basic authorization, as the real service does. */
  username?: string;
  password?: string;
}

/** One try at delivering one event, kept so tests can check the retry schedule and outcomes. */
export interface DeliveryAttempt {
  eventId: string;
  url: string;
  /** 1 = first delivery, 2 = first retry, ... */
  attempt: number;
  /** Clock time (ms) the attempt was made. */
  at: number;
  /** The receiver answered 200-299, the only answers the service treats as an acknowledgement. */
  ok: boolean;
  /** HTTP status when there was an answer. */
  status?: number;
  /** `'timeout' | 'network' | 'redirect'` when there was no usable answer. */
  error?: string;
}

/** Where the sandbox reports deliveries a receiver refused. */
export interface SandboxLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** Options of {@link createWebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  /** Drives the retries, so a test can run two weeks of them in one `advance`. */
  clock: SandboxClock;
  /** Default: `globalThis.fetch`, read at each attempt so a stub installed later is honoured. */
  fetch?: typeof fetch;
  /**
   * The prefix deliveries are signed under. Default `'X-Service'`; the production service uses
   * its vendor's name, e.g. `'X-Acme'`. Not `'auto'`, which is the receiver's setting.
   */
  headerPrefix?: string;
  /**
   * Send every header name in lower case (`x-acme-signature-1`, `content-type`), as HTTP/2 and
   * some production senders do; header names are case-insensitive, so a receiver must not care.
   * Default `false`: the names as written here.
   */
  lowerCaseHeaders?: boolean;
  /** Default 4 h: the service retries 6 times a day. */
  retryIntervalMs?: number;
  /** Default 14 days: the service's maximum delivery window. Retries due after it are not made. */
  retryWindowMs?: number;
  /**
   * Default 10 000, per attempt. Real time (`AbortSignal.timeout`), not clock time, because it
   * guards a real socket; a hung receiver must not stall `clock.advance` forever.
   */
  timeoutMs?: number;
  /**
   * Told of every failed attempt, with the URL, the status and what it usually means (a 401:
   * the receiver's secret or basic auth differ from this client's). Default: nothing is said.
   */
  logger?: SandboxLogger;
}

/** One event for one receiver, with what is needed to sign it and fill the headers. */
export interface WebhookDelivery {
  target: WebhookTarget;
  /** The partner's client secret, which is also the signature key. Never logged. */
  secret: string;
  event: WebhookEnvelope;
  partnerId: string;
  externalId?: string;
}

/** Delivers webhook events the way the service does: signed, and retried on the clock. */
export interface WebhookDispatcher {
  /** Sends now (not awaited); on failure schedules retries on the clock. */
  dispatch(delivery: WebhookDelivery): void;
  /** Resolves once no attempt is in flight (loop until stable: an attempt may start another). */
  settle(): Promise<void>;
  /** Every attempt so far, in order (of completion, so each record is final). */
  readonly attempts: readonly DeliveryAttempt[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const encoder = new TextEncoder();

// btoa only takes Latin-1, so go through UTF-8 bytes; otherwise a non-ASCII password would
// throw out of dispatch instead of being sent the way other HTTP clients send it.
function basicAuth(username: string, password: string): string {
  let binary = '';
  for (const byte of encoder.encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** The URL without credentials, query or fragment: enough to recognise it in a log. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}

function duration(ms: number): string {
  if (ms % HOUR === 0) return `${ms / HOUR} h`;
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 1000)} s`;
}

/** What a failed attempt usually means, and what to check. */
function meaning(outcome: Pick<DeliveryAttempt, 'status' | 'error'>): string {
  const { status, error } = outcome;
  if (error === 'network') {
    return 'could not connect: is the receiver running, at that host and port?';
  }
  if (error === 'timeout') return 'no answer in time: the receiver is slow or hung';
  if (error === 'redirect') {
    return `the receiver answered with a redirect${status ? ` (${status})` : ''}, which the service does not follow: register the final URL (https rather than http, with or without the trailing slash)`;
  }
  switch (status) {
    case 401:
      return "refused with 401: the receiver's secret or basic auth differ from this sandbox client's secret (the webhook signing key, --client-secret) or its registered webhook credentials (--webhook-username, --webhook-password)";
    case 403:
      return 'refused with 403: the receiver, or a proxy in front of it, does not let the sandbox in: check its basic auth and access rules';
    case 404:
      return 'refused with 404: nothing answers at that path: check the webhook URL (--webhook-url) against the route the receiver is mounted on';
    case 405:
      return 'refused with 405: that URL does not take POST: check the webhook URL (--webhook-url)';
    case 409:
      return 'answered 409: the receiver is still processing this event; it is delivered again later';
  }
  if (status !== undefined && status >= 500) {
    return `the receiver failed with ${status}: see the receiver's log`;
  }
  return `refused with ${status}: the receiver did not take the event: see the receiver's log`;
}

function checkRange(name: string, value: number, allowZero: boolean): number {
  if (Number.isNaN(value) || value < 0 || (!allowZero && value === 0)) {
    throw new RangeError(`${name} must be ${allowZero ? 'non-negative' : 'positive'}: ${value}`);
  }
  return value;
}

/**
 * Creates the sandbox's webhook sender. Each event's body is serialized and signed once, so every
 * retry carries identical bytes and the same signature, which is what receivers de-duplicate and
 * verify against. Attempt k+1 is due at `first attempt + k * retryIntervalMs`, anchored to the
 * first attempt so slow receivers do not make the schedule drift.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { clock } = options;
  const prefix = options.headerPrefix ?? SPEC_WEBHOOK_HEADER_PREFIX;
  if (prefix.toLowerCase() === 'auto') {
    // The service signs under one prefix; 'auto' would make headers named auto-Signature-1.
    throw new TypeError(
      "webhookHeaderPrefix is the prefix the sandbox signs under, such as 'X-Acme'; 'auto' is the receiver's headerPrefix",
    );
  }
  // A zero interval would schedule retries forever within the window.
  const interval = checkRange('retryIntervalMs', options.retryIntervalMs ?? 4 * HOUR, false);
  const windowMs = checkRange('retryWindowMs', options.retryWindowMs ?? 14 * DAY, true);
  const timeoutMs = checkRange('timeoutMs', options.timeoutMs ?? 10_000, false);
  const { logger } = options;
  const attempts: DeliveryAttempt[] = [];
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  return {
    attempts,

    dispatch(delivery) {
      const firstAt = clock.now();
      const { target, event } = delivery;
      const body = JSON.stringify(event);
      const signature = hmacSha256Hex(delivery.secret, body);
      // Observed here so a failed signing is never an unhandled rejection; attempts still see it.
      signature.catch(() => undefined);
      const named = (name: string) => (options.lowerCaseHeaders ? name.toLowerCase() : name);
      const headers: Record<string, string> = {
        [named('Content-Type')]: 'application/json',
        [named('User-Agent')]: 'lender-insurance-sandbox',
        [named(`${prefix}-Partner-Id`)]: delivery.partnerId,
      };
      if (delivery.externalId !== undefined) {
        headers[named(`${prefix}-External-Id`)] = delivery.externalId;
      }
      if (target.username !== undefined) {
        headers[named('Authorization')] = basicAuth(target.username, target.password ?? '');
      }

      // Whether the service would try again, and when: said with each failure.
      const report = (n: number, outcome: Pick<DeliveryAttempt, 'status' | 'error'>) => {
        if (!logger) return;
        const next =
          n * interval <= windowMs
            ? `it is tried again in ${duration(interval)}`
            : 'no more tries are left';
        try {
          logger.warn(
            `sandbox: webhook delivery of ${event.id} (${event.type}) to ${shown(target.url)} failed, attempt ${n}: ${meaning(outcome)}; ${next}`,
            {
              eventId: event.id,
              url: shown(target.url),
              attempt: n,
              ...(outcome.status === undefined ? {} : { status: outcome.status }),
              ...(outcome.error === undefined ? {} : { error: outcome.error }),
            },
          );
        } catch {
          // A failing logger must not change the delivery schedule.
        }
      };

      const attempt = (n: number): Promise<boolean> =>
        track(
          (async () => {
            const at = clock.now();
            const record = (
              outcome: Omit<DeliveryAttempt, 'eventId' | 'url' | 'attempt' | 'at'>,
            ) => {
              attempts.push({ eventId: event.id, url: target.url, attempt: n, at, ...outcome });
              if (!outcome.ok) report(n, outcome);
            };
            const signal = AbortSignal.timeout(timeoutMs);
            try {
              const doFetch = options.fetch ?? globalThis.fetch;
              const response = await doFetch(target.url, {
                method: 'POST',
                headers: { ...headers, [named(`${prefix}-Signature-1`)]: await signature },
                body,
                redirect: 'manual',
                signal,
              });
              // Drained so the connection can be reused; what the receiver says is irrelevant.
              await response.arrayBuffer().catch(() => undefined);
              const { status } = response;
              // A browser-style fetch reports a manual redirect as status 0 'opaqueredirect'.
              if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
                record({ ok: false, ...(status ? { status } : {}), error: 'redirect' });
                return false;
              }
              const ok = status >= 200 && status <= 299;
              record({ ok, status });
              return ok;
            } catch {
              // The error itself is not kept: it may quote the request, and the caller only
              // needs to know which kind of failure to expect a retry for.
              record({ ok: false, error: signal.aborted ? 'timeout' : 'network' });
              return false;
            }
          })(),
        );

      // The timer for retry k is set before attempt k's outcome is known, so an `advance` that
      // starts while the first attempt is still in flight still runs the retry on schedule.
      const scheduleRetry = (k: number, previous: Promise<boolean>) => {
        if (k * interval > windowMs) return;
        const cancel = clock.setTimer(firstAt + k * interval - clock.now(), async () => {
          if (await previous) return;
          const result = attempt(k + 1);
          scheduleRetry(k + 1, result);
          await result;
        });
        void previous.then((ok) => {
          if (ok) cancel();
        });
      };

      scheduleRetry(1, attempt(1));
    },

    async settle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
