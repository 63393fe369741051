import { consoleLogger } from '../consoleLogger.js';
import type { EventRelay } from '../events/createEventRelay.js';
import { createEventRelay } from '../events/createEventRelay.js';
import { createMemoryStore } from '../store/createMemoryStore.js';
import type { Store } from '../store/Store.js';
import { checkHeaderPrefixSetting } from './checkHeaderPrefixSetting.js';
import { createBasicAuthCheck } from './createBasicAuthCheck.js';
import type { WebhookHandlerOptions, WebhookLogger } from './createWebhookHandler.js';

/** {@link WebhookHandlerOptions} checked, with every default filled in. */
export interface ResolvedWebhookOptions {
  secrets: readonly string[];
  allowUnsigned: boolean;
  checkBasicAuth: ((authorization: string | null) => Promise<boolean>) | null;
  /** `'auto'`, or the pinned header prefix, e.g. `X-Acme`. */
  headerPrefix: string;
  /** The pinned prefix's signature header, e.g. `X-Acme-Signature-1`; `null` under `'auto'`. */
  signatureHeader: string | null;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  maxConcurrentDeliveries: number;
  maxAgeMs: number;
  futureSkewMs: number;
  timeoutMs: number;
  leaseMs: number;
  /** How long de-duplication records are kept. */
  retentionMs: number;
  now: () => number;
  store: Store;
  relay: EventRelay;
  logger: WebhookLogger;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function secretsOf(secret: unknown): readonly string[] {
  const list = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? [...secret] : [];
  if (list.length === 0 || list.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('secret must be a non-empty string, or a list of them (current first)');
  }
  return list;
}

function positive(name: string, value: number, allowZero = false): number {
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new RangeError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer`);
  }
  return value;
}

/**
 * Checks the receiver's options at construction, so a misconfiguration (no secret, unsigned
 * deliveries without basic auth, a header prefix that is no header name, a lease shorter than the budget, a zero read deadline or
 * concurrency) fails at startup rather than as 401s, 503s or double processing in production.
 */
export function resolveWebhookOptions(options: WebhookHandlerOptions): ResolvedWebhookOptions {
  const secrets = secretsOf(options.secret);
  const allowUnsigned = options.allowUnsigned === true;
  if (allowUnsigned && !options.basicAuth) {
    // Without a signature, basic auth is the only thing standing between the internet and
    // the relay, so unsigned deliveries need it.
    throw new TypeError('allowUnsigned needs basicAuth: unsigned deliveries must be authenticated');
  }
  const headerPrefix = checkHeaderPrefixSetting(options.headerPrefix ?? 'auto');
  const maxAgeMs = positive('maxAgeMs', options.maxAgeMs ?? 14 * DAY);
  const futureSkewMs = positive('futureSkewMs', options.futureSkewMs ?? 5 * MINUTE, true);
  const timeoutMs = positive('processingTimeoutMs', options.processingTimeoutMs ?? 5 * SECOND);
  const leaseMs = positive('processingLeaseMs', options.processingLeaseMs ?? 15 * MINUTE);
  if (leaseMs <= timeoutMs) {
    throw new RangeError('processingLeaseMs must be longer than processingTimeoutMs');
  }
  const now = options.now ?? (() => Date.now());
  const store = options.store ?? createMemoryStore({ now });
  return {
    secrets,
    allowUnsigned,
    checkBasicAuth: options.basicAuth ? createBasicAuthCheck(options.basicAuth) : null,
    headerPrefix,
    signatureHeader: headerPrefix === 'auto' ? null : `${headerPrefix}-Signature-1`,
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes ?? 256 * 1024),
    bodyTimeoutMs: positive('bodyTimeoutMs', options.bodyTimeoutMs ?? 10 * SECOND),
    maxConcurrentDeliveries: positiveInteger(
      'maxConcurrentDeliveries',
      options.maxConcurrentDeliveries ?? 64,
    ),
    maxAgeMs,
    futureSkewMs,
    timeoutMs,
    leaseMs,
    // An event is accepted while occurredAt ≥ now − maxAge and was first accepted with
    // occurredAt ≤ then + skew, so a record kept maxAge + skew outlives every accepted replay;
    // the hour covers clocks that differ between instances.
    retentionMs: maxAgeMs + futureSkewMs + HOUR,
    now,
    store,
    relay: options.relay ?? createEventRelay({ store }),
    logger: options.logger ?? consoleLogger,
  };
}
