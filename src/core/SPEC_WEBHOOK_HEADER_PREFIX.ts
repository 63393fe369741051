/**
 * The webhook header prefix the specification writes (`X-Service-Signature-1`,
 * `X-Service-Partner-Id`, `X-Service-External-Id`). The production service writes its vendor's
 * name instead, which a receiver at `headerPrefix: 'auto'` takes as well; the sandbox signs
 * under this one by default, and the doctor's test delivery under `auto` does too.
 */
export const SPEC_WEBHOOK_HEADER_PREFIX = 'X-Service';
