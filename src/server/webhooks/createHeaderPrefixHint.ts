import { createHintLog } from '../events/createHintLog.js';
import { capitalizeHeaderName } from './capitalizeHeaderName.js';
import type { WebhookLogger } from './createWebhookHandler.js';
import { SIGNATURE_HEADER_NAME } from './SIGNATURE_HEADER_NAME.js';

/** Options of {@link createHeaderPrefixHint}. */
export interface HeaderPrefixHintOptions {
  /** The prefix the receiver is configured with, e.g. `'X-Service'`. */
  expectedPrefix: string;
  logger: WebhookLogger;
  now: () => number;
  /** Least time between two log lines for one found prefix. Default 60 000 ms. */
  intervalMs?: number;
  /** Found prefixes remembered at once (each at most one line per interval). Default 32. */
  maxPrefixes?: number;
}

/** A delivery's signature header under another prefix than the configured one. */
export interface HeaderPrefixMismatch {
  /** The prefix found, capitalized like `X-Acme` (header names are case-insensitive). */
  foundPrefix: string;
  /** What to say in the 401 body. */
  message: string;
}

/**
 * Finds, in a delivery without the expected signature header, one under another prefix: from the
 * delivery's header names, lowercase and sorted (as `Headers.keys()` lists them).
 */
export type HeaderPrefixHint = (headerNames: Iterable<string>) => HeaderPrefixMismatch | null;

/**
 * The operator's hint for a receiver pinned to another header prefix than the service signs
 * with (the production service spells the headers with its vendor's name): when a delivery
 * carries no `${expectedPrefix}-Signature-1` but an `X-<Vendor>-Signature-1`, it returns the
 * prefix to configure and a message for the 401 body, and logs a warning naming it, at most
 * once per `intervalMs` per found prefix and for at most `maxPrefixes` prefixes at once, so a
 * flood of deliveries (or of made-up prefixes) neither floods the log nor grows the memory.
 * Neither the header's value nor the body is ever looked at.
 */
export function createHeaderPrefixHint(options: HeaderPrefixHintOptions): HeaderPrefixHint {
  const { expectedPrefix, logger, now } = options;
  const expectedHeader = `${expectedPrefix}-Signature-1`;
  const expectedName = expectedHeader.toLowerCase();
  const hint = createHintLog({
    logger,
    level: 'warn',
    now,
    intervalMs: options.intervalMs ?? 60_000,
    maxKeys: options.maxPrefixes ?? 32,
    suppressedKey: 'suppressedSinceLastWarning',
  });

  function report(key: string, foundPrefix: string, foundHeader: string): void {
    hint(
      key,
      `webhook: deliveries are signed in ${foundHeader} but the receiver expects ${expectedHeader}; set headerPrefix: '${foundPrefix}'`,
      { foundPrefix, expectedPrefix },
    );
  }

  return (headerNames) => {
    for (const name of headerNames) {
      const match = SIGNATURE_HEADER_NAME.exec(name);
      if (!match || name === expectedName) continue;
      const key = match[1] as string;
      const foundPrefix = capitalizeHeaderName(key);
      const foundHeader = `${foundPrefix}-Signature-1`;
      report(key, foundPrefix, foundHeader);
      return {
        foundPrefix,
        message: `Missing signature: the delivery is signed in ${foundHeader} but this receiver expects ${expectedHeader}; set headerPrefix: '${foundPrefix}'`,
      };
    }
    return null;
  };
}
