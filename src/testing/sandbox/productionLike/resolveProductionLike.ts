import type { ProductionLikeOptions } from './ProductionLikeOptions.js';

/** The production-like mode's settings, every default filled in. */
export type ProductionLike = Required<ProductionLikeOptions>;

/** The vendor prefix production-like webhooks are signed under unless one is named. */
const VENDOR_PREFIX = 'X-Insurer';

/**
 * The production-like mode's settings from `createSandboxService`'s options, or `null` when the
 * mode is off (the default). `webhookHeaderPrefix` is the sandbox's own when set there, so a
 * receiver pinned to it keeps working in this mode.
 */
export function resolveProductionLike(
  value: boolean | ProductionLikeOptions | undefined,
  webhookHeaderPrefix: string | undefined,
): ProductionLike | null {
  if (value === undefined || value === false) return null;
  const options = value === true ? {} : value;
  const notReadyMs = options.documentNotReadyMs ?? 60_000;
  if (!Number.isFinite(notReadyMs) || notReadyMs < 0) {
    throw new RangeError(
      `productionLike.documentNotReadyMs must be a non-negative number of ms: ${notReadyMs}`,
    );
  }
  return {
    webhookHeaderPrefix: options.webhookHeaderPrefix ?? webhookHeaderPrefix ?? VENDOR_PREFIX,
    documentNotReadyMs: notReadyMs,
  };
}
