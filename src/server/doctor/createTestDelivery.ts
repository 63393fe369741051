import { hmacSha256Hex } from '../../core/hmacSha256Hex.js';
import { SPEC_WEBHOOK_HEADER_PREFIX } from '../../core/SPEC_WEBHOOK_HEADER_PREFIX.js';
import type { WebhookEnv } from '../config/ServiceEnv.js';
import { WEBHOOK_TEST_EVENT_TYPE } from '../webhooks/WEBHOOK_TEST_EVENT_TYPE.js';

/** A signed self-check delivery: the body and the headers the service would send with it. */
export interface TestDelivery {
  body: string;
  headers: Record<string, string>;
  /** The prefix of its headers, e.g. `X-Service` (for `X-Service-Signature-1`). */
  prefix: string;
}

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A delivery shaped like the service's: a normal event envelope of type `lir.webhook.test`, a
 * fresh event id, signed over its exact bytes with the core's HMAC (the receiver's scheme), in
 * the configured prefix's headers (under `auto`, the specification's `X-Service`, which a
 * receiver at `auto` takes like any other), with basic auth when set.
 */
export async function createTestDelivery(
  webhooks: WebhookEnv,
  partnerId: string | undefined,
  now: number,
): Promise<TestDelivery> {
  const partner = partnerId ?? 'lir-doctor';
  const body = JSON.stringify({
    id: `evt_lir_doctor_${randomHex(8)}`,
    type: WEBHOOK_TEST_EVENT_TYPE,
    objectType: 'webhook',
    occurredAt: new Date(now).toISOString(),
    data: { partnerId: partner, platformId: null },
  });
  const prefix =
    webhooks.headerPrefix === 'auto' ? SPEC_WEBHOOK_HEADER_PREFIX : webhooks.headerPrefix;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    [`${prefix}-Signature-1`]: await hmacSha256Hex(webhooks.secret, body),
    [`${prefix}-Partner-Id`]: partner,
  };
  if (webhooks.basicAuth) {
    const { username, password } = webhooks.basicAuth;
    const bytes = new TextEncoder().encode(`${username}:${password}`);
    headers.Authorization = `Basic ${btoa(String.fromCharCode(...bytes))}`;
  }
  return { body, headers, prefix };
}
