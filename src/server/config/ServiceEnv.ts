import type { ServiceRoutes } from '../../core/resolveServiceRoutes.js';
import type { BasicAuthCredentials } from '../webhooks/createBasicAuthCheck.js';

/** Where settings are read from: `process.env`, or any object of the same shape. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** The service client's settings from the environment: spread into `createServiceClient`. */
export interface ServiceClientEnv {
  /** SERVICE_BASE_URL, checked and without a trailing slash. */
  baseUrl: string;
  /** SERVICE_CLIENT_ID. */
  clientId: string;
  /** SERVICE_CLIENT_SECRET. */
  clientSecret: string;
  /** SERVICE_PARTNER_ID, for platform partners; absent otherwise. */
  partnerId?: string;
  /** SERVICE_ROUTES, parsed (`{}` when unset). */
  routes: ServiceRoutes;
}

/** The webhook receiver's settings from the environment: spread into `createWebhookHandler`. */
export interface WebhookEnv {
  /** WEBHOOK_SECRET, or else the client secret, which is what the service signs with. */
  secret: string;
  /** WEBHOOK_HEADER_PREFIX: `auto` (the default: any vendor prefix), or the pinned prefix. */
  headerPrefix: string;
  /** WEBHOOK_BASIC_AUTH_USERNAME and WEBHOOK_BASIC_AUTH_PASSWORD, when both are set. */
  basicAuth?: BasicAuthCredentials;
}

/** What {@link readServiceEnv} returns: options ready for the library's factories. */
export interface ServiceEnv {
  client: ServiceClientEnv;
  webhooks: WebhookEnv;
  /** Which variable `webhooks.secret` came from, for a start-up line that names no secret. */
  webhookSecretFrom: 'WEBHOOK_SECRET' | 'SERVICE_CLIENT_SECRET';
  /** REDIS_URL, for `createRedisStore` (several instances); absent: keep state in memory. */
  redisUrl?: string;
}
