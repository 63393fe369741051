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
  /** `signatureHeader` null: `headerPrefix: 'auto'`, where any `X-*-Signature-1` would do. */
  signatureMissing: (signatureHeader: string | null): DescribedRefusal =>
    signatureHeader === null
      ? {
          key: 'signature-missing',
          reason: 'no X-*-Signature-1 header',
          fix: 'check that nothing between the service and the receiver drops the X-<Vendor>-Signature-1 header',
          log: `webhook: a delivery carried no X-*-Signature-1 header and was refused with 401. The service signs every delivery (X-<Vendor>-Signature-1, under any vendor prefix with \`headerPrefix\` 'auto'): check that no proxy in front of the receiver drops the header. Unsigned deliveries are accepted only with \`allowUnsigned\` and ${BASIC_AUTH}.`,
        }
      : {
          key: 'signature-missing',
          reason: `no ${signatureHeader} header`,
          fix: `check ${PREFIX}`,
          log: `webhook: a delivery carried no ${signatureHeader} header and was refused with 401. The service signs every delivery: if it names the header with its vendor's name (X-<Vendor>-Signature-1), set ${PREFIX} to that prefix. Unsigned deliveries are accepted only with \`allowUnsigned\` and ${BASIC_AUTH}.`,
        },
  signaturesConflict: (): DescribedRefusal => ({
    key: 'signatures-conflict',
    reason: 'several X-*-Signature-1 headers with different values',
    fix: `check what adds a signature header between the service and the receiver, or pin ${PREFIX} to the service's prefix`,
    log: `webhook: a delivery carried several X-*-Signature-1 headers with different values and was refused with 401: with \`headerPrefix\` 'auto' a delivery must carry one signature. If every delivery fails, something between the service and the receiver (a proxy) adds a signature header: remove it, or set ${PREFIX} to the prefix the service signs with, so that only its header is read.`,
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
