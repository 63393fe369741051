import { checkHeaderPrefix } from './checkHeaderPrefix.js';

/**
 * Checks the receiver's `headerPrefix` setting: `'auto'` (in any case; the default, which takes
 * the one `X-*-Signature-1` header whose HMAC verifies), or a prefix that pins the headers, as
 * {@link checkHeaderPrefix} checks it. No real prefix is spelled `auto`, so the word is free.
 *
 * @returns `'auto'`, or the prefix unchanged.
 * @throws TypeError naming the setting and what to fix.
 * @example
 * checkHeaderPrefixSetting(process.env.WEBHOOK_HEADER_PREFIX ?? 'auto', 'WEBHOOK_HEADER_PREFIX');
 */
export function checkHeaderPrefixSetting(value: unknown, name = 'headerPrefix'): string {
  if (typeof value === 'string' && value.toLowerCase() === 'auto') return 'auto';
  return checkHeaderPrefix(value, name);
}
