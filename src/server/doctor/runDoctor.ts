import type { ConfigurationProblem } from '../config/ConfigurationError.js';
import { envText } from '../config/envText.js';
import { readServiceEnvParts } from '../config/readServiceEnvParts.js';
import type { EnvSource } from '../config/ServiceEnv.js';
import { checkConfiguration } from './checkConfiguration.js';
import { checkServiceAccess } from './checkServiceAccess.js';
import { checkWebhookDelivery } from './checkWebhookDelivery.js';
import { checkWebhookSettings } from './checkWebhookSettings.js';
import type { DoctorCheck, DoctorReport } from './DoctorReport.js';
import { readWebhookUrl } from './readWebhookUrl.js';

/** Options of {@link runDoctor}. */
export interface DoctorOptions {
  /** The environment the server runs with. Default `process.env`. */
  env?: EnvSource;
  /**
   * The URL of this host's webhook receiver, as registered with the service, to send a signed
   * test delivery to. Default `env.WEBHOOK_URL`; without one, that check is skipped.
   */
  webhookUrl?: string;
  /** Used for the service and the receiver alike. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Each request's time, from sending to the end of its answer: 1 to 20 000 ms. Default 5 000. */
  timeoutMs?: number;
  /** Clock for the test event's `occurredAt`. Default `Date.now`. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const MAX_TIMEOUT_MS = 20_000;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `lir_doctor_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const skip = (id: DoctorCheck['id'], title: string, detail: string): DoctorCheck => ({
  id,
  title,
  status: 'skip',
  detail,
});

const variables = (problems: readonly ConfigurationProblem[]) =>
  [...new Set(problems.map((p) => p.variable))].join(', ');

/**
 * Checks a set-up before it goes live, with the environment the server runs with, in order:
 *
 * 1. `configuration`: every problem `readServiceEnv` finds, each naming its variable and fix.
 * 2. `token`: an access token from the token route, through `createServiceClient` with retries
 *    off; a failure says whether the host or port is wrong (no connection), the base URL lacks
 *    its path prefix or the routes differ (404, an HTML page), the credentials are refused
 *    (400/401/403), or the service is slow (timeout).
 * 3. `read`: one read with that token that changes nothing and is not rate limited (a policy
 *    that cannot exist; the service's JSON 404 proves base URL, routes and token).
 * 4. `webhook-settings`: a secret to verify deliveries with, a valid header prefix, basic auth
 *    set as a pair.
 * 5. `webhook-delivery`: with a receiver URL, a signed `lir.webhook.test` event delivered to it
 *    as the service would (same headers, basic auth); the library's receiver acknowledges it
 *    without processing it, and any other answer is explained (a secret, basic auth or prefix
 *    that differs, a wrong path, nothing running, http where https is expected).
 *
 * A check that needs settings with a problem is skipped, naming them. Nothing is written to the
 * service, and no result holds a secret, a password or a token.
 *
 * @returns `ok` when no check failed, and every check in order.
 * @throws RangeError for a `timeoutMs` out of range.
 * @example
 * const report = await runDoctor({ webhookUrl: 'https://portal.example/webhooks/insurance' });
 * for (const check of report.checks) console.log(check.status, check.title, check.detail);
 */
export async function runDoctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be a whole number of ms from 1 to ${MAX_TIMEOUT_MS}`);
  }
  const env = options.env ?? globalThis.process?.env ?? {};
  const userFetch = options.fetch;
  // Read at call time, so a polyfill or a test's replacement applies.
  const doFetch: typeof fetch = (input, init) => (userFetch ?? globalThis.fetch)(input, init);
  const now = options.now ?? Date.now;

  const parts = readServiceEnvParts(env);
  const rawUrl = options.webhookUrl ?? envText(env, 'WEBHOOK_URL');
  const webhookUrl = rawUrl === undefined ? undefined : readWebhookUrl(rawUrl);
  const checks: DoctorCheck[] = [
    checkConfiguration(
      parts,
      webhookUrl && 'problem' in webhookUrl ? webhookUrl.problem : undefined,
    ),
  ];

  if (parts.client) {
    const { token, read } = await checkServiceAccess({
      client: parts.client,
      fetch: doFetch,
      timeoutMs,
      policyId: randomId(),
    });
    checks.push(token, read);
  } else {
    const reason = `Needs usable service settings: ${variables(parts.clientProblems)}`;
    checks.push(skip('token', 'Access token', reason), skip('read', 'Service read', reason));
  }

  const settings = checkWebhookSettings(parts);
  checks.push(settings);
  if (webhookUrl === undefined) {
    checks.push(
      skip(
        'webhook-delivery',
        'Test delivery',
        'No receiver URL (WEBHOOK_URL, --webhook-url): no test delivery was sent',
      ),
    );
  } else if ('problem' in webhookUrl) {
    checks.push(skip('webhook-delivery', 'Test delivery', 'Needs a usable WEBHOOK_URL'));
  } else if (!parts.webhooks) {
    checks.push(skip('webhook-delivery', 'Test delivery', 'Needs usable webhook settings'));
  } else {
    checks.push(
      await checkWebhookDelivery({
        url: webhookUrl.value,
        webhooks: parts.webhooks,
        secretFrom: parts.webhookSecretFrom,
        partnerId: parts.client?.partnerId,
        fetch: doFetch,
        timeoutMs,
        now: now(),
      }),
    );
  }
  return { ok: checks.every((check) => check.status !== 'fail'), checks };
}
