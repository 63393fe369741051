import type { RequestView } from '../http/RequestView.js';
import type { DeliveryPrefix } from './createDeliveryPrefixes.js';
import type { WebhookDeliveryHeaders } from './createWebhookHandler.js';

const NONE: WebhookDeliveryHeaders = Object.freeze({
  prefix: null,
  partnerId: null,
  externalId: null,
});

/**
 * The partner and external id headers of a delivery, under the prefix its signature came under
 * (one under another prefix is not read). They are not signed: for information only.
 */
export function readDeliveryHeaders(
  request: RequestView,
  prefix: DeliveryPrefix | null,
): WebhookDeliveryHeaders {
  if (prefix === null) return NONE;
  return {
    prefix: prefix.prefix,
    partnerId: request.header(prefix.partnerIdHeader) || null,
    externalId: request.header(prefix.externalIdHeader) || null,
  };
}
