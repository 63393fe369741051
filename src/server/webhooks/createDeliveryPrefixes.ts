import { capitalizeHeaderName } from './capitalizeHeaderName.js';
import type { WebhookLogger } from './createWebhookHandler.js';
import { SIGNATURE_HEADER_NAME } from './SIGNATURE_HEADER_NAME.js';

/** The header prefix a delivery came under, and the names of its (unsigned) routing headers. */
export interface DeliveryPrefix {
  /** As configured, or as found, capitalized: `X-Acme`. */
  readonly prefix: string;
  /** Lowercase, e.g. `x-acme-partner-id`. */
  readonly partnerIdHeader: string;
  /** Lowercase, e.g. `x-acme-external-id`. */
  readonly externalIdHeader: string;
}

/** Options of {@link createDeliveryPrefixes}. */
export interface DeliveryPrefixesOptions {
  /** `'auto'`, or the pinned prefix. */
  headerPrefix: string;
  logger: WebhookLogger;
  /** Prefixes remembered (and each logged once) at most. Default 32. */
  maxPrefixes?: number;
}

function prefixOf(prefix: string): DeliveryPrefix {
  const lower = prefix.toLowerCase();
  return {
    prefix,
    partnerIdHeader: `${lower}-partner-id`,
    externalIdHeader: `${lower}-external-id`,
  };
}

/**
 * The prefix of each delivery whose signature verified, from its signature header's lowercase
 * name (`null`: an unsigned one, under `allowUnsigned`). A pinned prefix is the answer for
 * every delivery. Under `'auto'`, each prefix is worked out once and kept, and its first
 * delivery logs it (info, or warn for a logger without info), so the operator learns what the
 * service signs with and can pin it. Only verified deliveries get here, so only the holder of
 * the secret can add a prefix; even so at most `maxPrefixes` are kept and logged, and the
 * others are worked out per delivery, unlogged.
 */
export function createDeliveryPrefixes(
  options: DeliveryPrefixesOptions,
): (signatureName: string | null) => DeliveryPrefix | null {
  const { headerPrefix, logger } = options;
  if (headerPrefix !== 'auto') {
    const pinned = prefixOf(headerPrefix);
    return () => pinned;
  }
  const maxPrefixes = options.maxPrefixes ?? 32;
  const seen = new Map<string, DeliveryPrefix>();
  return (signatureName) => {
    if (signatureName === null) return null;
    const known = seen.get(signatureName);
    if (known !== undefined) return known;
    const lowerPrefix = SIGNATURE_HEADER_NAME.exec(signatureName)?.[1] ?? signatureName;
    const found = prefixOf(capitalizeHeaderName(lowerPrefix));
    if (seen.size >= maxPrefixes) return found;
    seen.set(signatureName, found);
    const { prefix } = found;
    try {
      (logger.info ?? logger.warn).call(
        logger,
        `webhook: deliveries are signed under ${prefix} (${prefix}-Signature-1, headerPrefix 'auto'); set headerPrefix: '${prefix}' (WEBHOOK_HEADER_PREFIX) to pin it`,
        { prefix },
      );
    } catch {
      // A log line must never change an answer.
    }
    return found;
  };
}
