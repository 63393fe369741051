import { sendAttempt } from '../client/sendAttempt.js';
import type { ServiceEnv, WebhookEnv } from '../config/ServiceEnv.js';
import { neverAborted } from '../http/neverAborted.js';
import { createTestDelivery } from './createTestDelivery.js';
import type { DoctorCheck } from './DoctorReport.js';
import { describeNoAnswer } from './describeNoAnswer.js';

/** Inputs of {@link checkWebhookDelivery}. */
export interface WebhookDeliveryInput {
  /** The receiver's URL, already checked (absolute http(s), no credentials). */
  url: string;
  webhooks: WebhookEnv;
  secretFrom: ServiceEnv['webhookSecretFrom'];
  partnerId: string | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
  now: number;
}

const TITLE = 'Test delivery';
const URL_SETTING = 'the receiver URL (WEBHOOK_URL, --webhook-url)';
const RECEIVER_FIX =
  'Point WEBHOOK_URL at the route that runs createWebhookHandler (the demo mounts it at /webhooks/insurance), on a server running this version of lender-insurance-react.';

function redirectTarget(location: string | null | undefined, from: URL): URL | undefined {
  try {
    return location ? new URL(location, from) : undefined;
  } catch {
    return undefined;
  }
}

interface ErrorAnswer {
  code?: string;
  message?: string;
}

function readJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

function errorOf(json: unknown): ErrorAnswer {
  const error = (json as { error?: unknown } | undefined)?.error;
  if (!error || typeof error !== 'object') return {};
  const { code, message } = error as Record<string, unknown>;
  return {
    ...(typeof code === 'string' ? { code: code.slice(0, 64) } : {}),
    ...(typeof message === 'string' ? { message: message.slice(0, 300) } : {}),
  };
}

/** Why a receiver answered 401, read from its answer (the library's receiver says which). */
function unauthorized(
  input: WebhookDeliveryInput,
  { code, message = '' }: ErrorAnswer,
  basicChallenge: boolean,
  sentPrefix: string,
): { detail: string; fix: string } {
  const { webhooks, secretFrom } = input;
  const auto = webhooks.headerPrefix === 'auto';
  const header = `${sentPrefix}-Signature-1`;
  const expected = /expects ([!#$%&'*+.^_`|~0-9A-Za-z-]+)-Signature-1/i.exec(message)?.[1];
  if (basicChallenge || /credentials/i.test(message)) {
    return webhooks.basicAuth
      ? {
          detail: 'The receiver refused the basic-auth credentials (401)',
          fix: 'Set WEBHOOK_BASIC_AUTH_USERNAME and WEBHOOK_BASIC_AUTH_PASSWORD to what the receiver runs with (the credentials registered with the service).',
        }
      : {
          detail: 'The receiver asks for basic auth (401), and none is set here',
          fix: 'Set WEBHOOK_BASIC_AUTH_USERNAME and WEBHOOK_BASIC_AUTH_PASSWORD as the receiver has them.',
        };
  }
  if (expected !== undefined) {
    return auto
      ? {
          detail: `The receiver is pinned to ${expected}-Signature-1 and refused this check's ${header} (401); WEBHOOK_HEADER_PREFIX here is auto`,
          fix: `If the service signs under ${expected}, run this check with WEBHOOK_HEADER_PREFIX=${expected}; otherwise unset WEBHOOK_HEADER_PREFIX on the receiver, so that it takes the one X-*-Signature-1 header whose HMAC verifies (auto, the default).`,
        }
      : {
          detail: `The receiver expects ${expected}-Signature-1, but WEBHOOK_HEADER_PREFIX here is ${webhooks.headerPrefix} (401)`,
          fix: 'Run the receiver and this check with the same WEBHOOK_HEADER_PREFIX: the prefix the service signs with (X-<Vendor> for the production service), or unset it on both (auto).',
        };
  }
  if (code === 'conflicting_signatures') {
    return {
      detail: `The receiver found several signature headers with different values beside this check's ${header} (401 conflicting_signatures)`,
      fix: 'Check that no proxy in front of the receiver adds an X-*-Signature-1 header, or pin WEBHOOK_HEADER_PREFIX on the receiver to the prefix the service signs with.',
    };
  }
  if (/invalid signature/i.test(message)) {
    const variable =
      secretFrom === 'WEBHOOK_SECRET'
        ? 'WEBHOOK_SECRET'
        : 'SERVICE_CLIENT_SECRET (or WEBHOOK_SECRET)';
    return {
      detail: `The receiver could not verify the signature in ${header} (401 Invalid signature): its secret differs from ${secretFrom}`,
      fix: `Give the receiver and this check the same ${variable}: the service signs with the client secret unless its support configured another key.`,
    };
  }
  if (/missing signature/i.test(message)) {
    return {
      detail: `The receiver found no ${header} header (401 Missing signature)`,
      fix: auto
        ? 'Check that no proxy in front of the receiver drops the signature header.'
        : 'Check that no proxy in front of the receiver drops the signature header, and that both sides use the same WEBHOOK_HEADER_PREFIX.',
    };
  }
  return {
    detail: 'The receiver refused the delivery (401)',
    fix: "Check WEBHOOK_SECRET, WEBHOOK_HEADER_PREFIX and WEBHOOK_BASIC_AUTH_USERNAME / _PASSWORD against the receiver's settings.",
  };
}

/**
 * Sends the receiver a signed `lir.webhook.test` delivery, as the service would send an event,
 * and reads its answer: the library's receiver acknowledges it with 200
 * `{ received: true, test: true }` without processing it; every other answer says what differs.
 */
export async function checkWebhookDelivery(input: WebhookDeliveryInput): Promise<DoctorCheck> {
  const target = new URL(input.url);
  const shown = `${target.origin}${target.pathname}`;
  const delivery = await createTestDelivery(input.webhooks, input.partnerId, input.now);
  const result = await sendAttempt({
    fetch: input.fetch,
    url: input.url,
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
    timeoutMs: input.timeoutMs,
    signal: neverAborted(),
    maxBytes: 64 * 1024,
  });
  const fail = (detail: string, fix: string): DoctorCheck => ({
    id: 'webhook-delivery',
    title: TITLE,
    status: 'fail',
    detail,
    fix,
  });
  if (result.kind === 'network' || result.kind === 'timeout') {
    const failure = result.kind === 'timeout' ? 'timeout' : (result.errorCode ?? result.errorName);
    const { detail, fix } = describeNoAnswer(failure, target.host, URL_SETTING, input.timeoutMs);
    return fail(detail, fix);
  }
  if (result.kind === 'too_large') {
    return fail(
      `POST ${shown} answered ${result.status} with a large body: not this library's receiver`,
      RECEIVER_FIX,
    );
  }
  if (result.kind === 'redirect') {
    const to = redirectTarget(result.location, target);
    return fail(
      `POST ${shown} answered with a redirect (${result.status}${to ? ` to ${to.origin}${to.pathname}` : ''})`,
      to?.protocol === 'https:' && target.protocol === 'http:'
        ? `Use the receiver's https:// URL (${to.origin}${to.pathname}): the service does not follow redirects, so register and check the final URL.`
        : 'Use the final URL of the receiver: the service does not follow redirects, so register and check that one.',
    );
  }
  const { status } = result;
  const json = readJson(result.body);
  if (status >= 200 && status < 300) {
    const answer = json as { received?: unknown; test?: unknown } | undefined;
    if (answer?.received === true && answer.test === true) {
      return {
        id: 'webhook-delivery',
        title: TITLE,
        status: 'pass',
        detail: `POST ${shown} accepted a signed test event (${delivery.prefix}-Signature-1${input.webhooks.basicAuth ? ', basic auth' : ''}) as this library's receiver`,
      };
    }
    return fail(
      `POST ${shown} answers ${status}, but is not this library's receiver (it did not recognise the test event)`,
      RECEIVER_FIX,
    );
  }
  const error = errorOf(json);
  if (status === 401) {
    const basic = /^basic/i.test(result.headers.get('www-authenticate') ?? '');
    const { detail, fix } = unauthorized(input, error, basic, delivery.prefix);
    return fail(detail, fix);
  }
  if (status === 404 || status === 405) {
    return fail(
      `Nothing takes deliveries at POST ${shown} (${status})`,
      'Check the path of the receiver URL (the demo mounts the receiver at /webhooks/insurance) and that the route takes POST.',
    );
  }
  if (status === 400 && (error.code === 'stale_event' || error.code === 'event_from_future')) {
    return fail(
      `The receiver refused the test event's time (400 ${error.code}): its clock and this machine's differ`,
      "Set the clocks right (NTP) on the receiver's server and here.",
    );
  }
  const named = error.code ? ` ${error.code}` : '';
  if (status >= 500) {
    return fail(
      `The receiver failed (${status}${named})`,
      "Check the receiver's server log (503 store_unavailable: its Redis store is down).",
    );
  }
  return fail(`The receiver refused the test event (${status}${named})`, RECEIVER_FIX);
}
