import { SPEC_WEBHOOK_HEADER_PREFIX } from '../../core/SPEC_WEBHOOK_HEADER_PREFIX.js';

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Checks a webhook header prefix (`'X-Service'`, or the vendor's `'X-Acme'`): the part before
 * `-Signature-1`, `-Partner-Id` and `-External-Id`, so it must be a header name (an HTTP token)
 * of at most 64 characters that does not end with `-` (the dash before the suffix is added).
 * The receiver, the sandbox command line and the demo check it the same way; `name` is what
 * the message calls the setting (an option, a flag, an environment variable).
 *
 * @returns the prefix, unchanged.
 * @throws TypeError naming the setting and what to fix, e.g. for `'X Acme'` or `'X-Acme-'`.
 * @example
 * checkHeaderPrefix(process.env.WEBHOOK_HEADER_PREFIX, 'WEBHOOK_HEADER_PREFIX');
 */
export function checkHeaderPrefix(prefix: unknown, name = 'headerPrefix'): string {
  if (typeof prefix !== 'string' || prefix.length > 64 || !HEADER_TOKEN.test(prefix)) {
    throw new TypeError(
      `${name} must be a header name of at most 64 characters, such as X-Acme (got ${JSON.stringify(typeof prefix === 'string' ? prefix.slice(0, 80) : prefix)})`,
    );
  }
  if (prefix.endsWith('-')) {
    throw new TypeError(
      `${name} must not end with "-" (the dash before Signature-1 is added): use ${prefix.replace(/-+$/, '') || SPEC_WEBHOOK_HEADER_PREFIX}`,
    );
  }
  return prefix;
}
