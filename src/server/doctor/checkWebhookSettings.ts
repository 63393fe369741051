import type { ServiceEnvParts } from '../config/readServiceEnvParts.js';
import type { DoctorCheck } from './DoctorReport.js';

const TITLE = 'Webhook settings';

/**
 * The receiver's settings: a secret to verify signatures with (WEBHOOK_SECRET, or the client
 * secret the service signs with), a valid header prefix (or `auto`), and basic auth set as a
 * pair. Passing says which are in use, by variable name only.
 */
export function checkWebhookSettings(parts: ServiceEnvParts): DoctorCheck {
  const { webhooks, webhookProblems } = parts;
  if (webhookProblems.length > 0) {
    return {
      id: 'webhook-settings',
      title: TITLE,
      status: 'fail',
      detail: webhookProblems.map((p) => p.message).join('; '),
      fix: webhookProblems.map((p) => p.fix).join(' '),
    };
  }
  if (!webhooks) {
    return {
      id: 'webhook-settings',
      title: TITLE,
      status: 'fail',
      detail:
        'No secret to verify deliveries with: WEBHOOK_SECRET is unset and SERVICE_CLIENT_SECRET is unset or unusable',
      fix: 'Set SERVICE_CLIENT_SECRET (the service signs webhooks with the client secret), or WEBHOOK_SECRET if its support configured another key.',
    };
  }
  const secret =
    parts.webhookSecretFrom === 'WEBHOOK_SECRET'
      ? 'WEBHOOK_SECRET'
      : 'the client secret (SERVICE_CLIENT_SECRET), which the service signs with';
  const auth = webhooks.basicAuth
    ? 'basic auth on (WEBHOOK_BASIC_AUTH_USERNAME, WEBHOOK_BASIC_AUTH_PASSWORD)'
    : 'basic auth off';
  const header =
    webhooks.headerPrefix === 'auto'
      ? 'the one X-*-Signature-1 header they carry, under any vendor prefix (WEBHOOK_HEADER_PREFIX auto)'
      : `${webhooks.headerPrefix}-Signature-1 (WEBHOOK_HEADER_PREFIX)`;
  return {
    id: 'webhook-settings',
    title: TITLE,
    status: 'pass',
    detail: `Deliveries are verified in ${header} with ${secret}; ${auth}`,
  };
}
