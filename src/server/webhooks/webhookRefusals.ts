import type { WebhookRefusal } from '../events/createWebhookHealth.js';

/** A refused delivery: its hint's key and log line, and what the health record keeps. */
export interface DescribedRefusal extends WebhookRefusal {
  /** One cause, one key: the log says each at most once a minute. */
  key: string;
  log: string;
}

const BASIC_AUTH = '`basicAuth` (WEBHOOK_BASIC_AUTH_USERNAME / WEBHOOK_BASIC_AUTH_PASSWORD)';
const SECRET = '`secret` (WEBHOOK_SECRET)';
const PREFIX = '`headerPrefix` (WEBHOOK_HEADER_PREFIX)';

/**
 * What the receiver tells the operator about each kind of refused delivery: the setting to fix,
 * named as the option and the environment variable the demo and setup checks read it from.
 * Nothing of the request (credentials, signature, body) is in any of them. The service signs
 * with the partner's client secret, so a signature that does not verify almost always means the
 * receiver was given another secret.
 */
export const webhookRefusals = {
  basicAuthMissing: (): DescribedRefusal => ({
    key: 'basic-auth-missing',
    reason: 'no basic-auth credentials',
    fix: `check ${BASIC_AUTH} and the credentials registered with the service`,
    log: `webhook: a delivery carried no basic-auth credentials while ${BASIC_AUTH} is set; it was refused with 401. If every delivery fails, the webhook was registered with the service without credentials: register these with the service's support, or unset ${BASIC_AUTH}.`,
  }),
  basicAuthWrong: (): DescribedRefusal => ({
    key: 'basic-auth-wrong',
    reason: 'basic-auth credentials did not match',
    fix: `check ${BASIC_AUTH} and the credentials registered with the service`,
    log: `webhook: a delivery's basic-auth credentials did not match ${BASIC_AUTH}; it was refused with 401. If every delivery fails, the credentials registered with the service differ from these: set the registered ones, or register these with the service's support.`,
  }),
  signatureMissing: (signatureHeader: string): DescribedRefusal => ({
    key: 'signature-missing',
    reason: `no ${signatureHeader} header`,
    fix: `check ${PREFIX}`,
    log: `webhook: a delivery carried no ${signatureHeader} header and was refused with 401. The service signs every delivery: if it names the header with its vendor's name (X-<Vendor>-Signature-1), set ${PREFIX} to that prefix. Unsigned deliveries are accepted only with \`allowUnsigned\` and ${BASIC_AUTH}.`,
  }),
  signatureUnderOtherPrefix: (foundPrefix: string, signatureHeader: string): DescribedRefusal => ({
    key: `signature-prefix:${foundPrefix}`,
    reason: `signed in ${foundPrefix}-Signature-1, not ${signatureHeader}`,
    fix: `set ${PREFIX} to '${foundPrefix}'`,
    // The header prefix hint logs this one itself (a warning, once a minute per prefix).
    log: '',
  }),
  signatureInvalid: (): DescribedRefusal => ({
    key: 'signature-invalid',
    reason: 'invalid signature',
    fix: `check ${SECRET}: the service signs with the partner's client secret (SERVICE_CLIENT_SECRET)`,
    log: `webhook: a delivery's signature did not verify against the configured ${SECRET}; it was refused with 401 and the service will deliver it again. If every delivery fails, the secret differs from the one the service signs with: for this service, the partner's client secret, so set ${SECRET} to the client secret (SERVICE_CLIENT_SECRET) of the credentials that shop the loans; while rotating it, pass the new and the old one.`,
  }),
};
