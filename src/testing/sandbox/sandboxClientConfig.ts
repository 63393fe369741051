import type { WebhookTarget } from './createWebhookDispatcher.js';

/**
 * API credentials the sandbox accepts. A standard partner is one lender (`partnerId`); a
 * platform partner acts for several lender clients and must name one (`partner_id`) in each
 * token request, getting a token scoped to that lender.
 */
export interface SandboxClientConfig {
  clientId: string;
  clientSecret: string;
  /** Standard partner: its partner id. Default: `partner_<clientId>`. */
  partnerId?: string;
  /** Platform partner: the lender clients (partner ids) it may request tokens for. */
  lenderPartnerIds?: readonly string[];
  /** Where events for this client's partners are delivered (signed with `clientSecret`). */
  webhook?: WebhookTarget | null;
}
