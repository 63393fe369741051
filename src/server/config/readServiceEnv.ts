import { ConfigurationError } from './ConfigurationError.js';
import { readServiceEnvParts } from './readServiceEnvParts.js';
import type { EnvSource, ServiceEnv } from './ServiceEnv.js';

/**
 * Reads the server's settings from the environment, the one way the demo, the `doctor` command
 * and a host's server read them, checked as the options they become are checked:
 *
 * | variable | becomes | default |
 * |---|---|---|
 * | `SERVICE_BASE_URL` | `client.baseUrl` (https:, or http: on loopback; with the path prefix, without `/v1`) | required |
 * | `SERVICE_CLIENT_ID`, `SERVICE_CLIENT_SECRET` | `client.clientId`, `client.clientSecret` | required |
 * | `SERVICE_PARTNER_ID` | `client.partnerId` (platform partners) | none |
 * | `SERVICE_ROUTES` | `client.routes`, via `parseServiceRoutes` | `{}` |
 * | `WEBHOOK_SECRET` | `webhooks.secret` | the client secret (what the service signs with) |
 * | `WEBHOOK_HEADER_PREFIX` | `webhooks.headerPrefix`: `auto` takes the one `X-*-Signature-1` whose HMAC verifies; a prefix pins | `auto` |
 * | `WEBHOOK_BASIC_AUTH_USERNAME`, `WEBHOOK_BASIC_AUTH_PASSWORD` | `webhooks.basicAuth` (both or neither) | none |
 * | `REDIS_URL` | `redisUrl`, for `createRedisStore` | none: memory |
 *
 * An empty variable counts as unset. An unset SERVICE_BASE_URL is a problem like any other:
 * there is no implicit fallback to a sandbox, so a production server missing its settings
 * stops instead of quietly talking to nobody. A host that wants a fallback (the demo starts
 * its embedded sandbox) decides so before calling this.
 *
 * @param env default `process.env` (none where there is no `process`, as on some edge runtimes).
 * @returns `client` for `createServiceClient`, `webhooks` for `createWebhookHandler` (add a
 *   store, a relay), `redisUrl` when set.
 * @throws ConfigurationError listing every problem at once, each naming its variable and how
 *   to fix it; no message repeats a secret, a password or a URL that may hold one.
 * @example
 * const env = readServiceEnv();
 * const client = createServiceClient({ ...env.client, store });
 * const webhooks = createWebhookHandler({ ...env.webhooks, store, relay: bff.relay });
 */
export function readServiceEnv(env: EnvSource = globalThis.process?.env ?? {}): ServiceEnv {
  const parts = readServiceEnvParts(env);
  if (parts.problems.length > 0 || !parts.client || !parts.webhooks) {
    throw new ConfigurationError(parts.problems);
  }
  return {
    client: parts.client,
    webhooks: parts.webhooks,
    webhookSecretFrom: parts.webhookSecretFrom,
    ...(parts.redisUrl === undefined ? {} : { redisUrl: parts.redisUrl }),
  };
}
