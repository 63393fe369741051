import type { ConfigurationProblem } from './ConfigurationError.js';
import { credentialProblem } from './credentialProblem.js';
import { envText } from './envText.js';
import { readClientEnv } from './readClientEnv.js';
import { readWebhookEnv } from './readWebhookEnv.js';
import type { EnvSource, ServiceClientEnv, ServiceEnv, WebhookEnv } from './ServiceEnv.js';

/**
 * The environment read part by part: each part's options when its own variables are usable,
 * and every problem. `readServiceEnv` wants all or nothing; the doctor runs the checks of the
 * parts that are usable (a broken header prefix does not stop the token check).
 */
export interface ServiceEnvParts {
  client: ServiceClientEnv | undefined;
  webhooks: WebhookEnv | undefined;
  webhookSecretFrom: ServiceEnv['webhookSecretFrom'];
  redisUrl: string | undefined;
  /** Every problem, in the order of the variables: SERVICE_*, WEBHOOK_*, REDIS_URL. */
  problems: ConfigurationProblem[];
  /** The problems that leave `client` undefined. */
  clientProblems: readonly ConfigurationProblem[];
  /** The problems that leave `webhooks` undefined. */
  webhookProblems: readonly ConfigurationProblem[];
}

function readRedisUrl(raw: string | undefined): ConfigurationProblem | undefined {
  if (raw === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // Reported below, without the value: it may hold the Redis password.
  }
  if (protocol === 'redis:' || protocol === 'rediss:') return undefined;
  return {
    variable: 'REDIS_URL',
    message: 'REDIS_URL must be a redis:// or rediss:// URL',
    fix: 'Set REDIS_URL like redis://127.0.0.1:6379 (rediss:// for TLS), or leave it unset to keep the state in memory (one instance only).',
  };
}

/** Reads every setting of the server from `env`; see `readServiceEnv` for the variables. */
export function readServiceEnvParts(env: EnvSource): ServiceEnvParts {
  const client = readClientEnv(env);
  const clientSecret = envText(env, 'SERVICE_CLIENT_SECRET');
  // A client secret with a problem of its own is no key to verify signatures with either.
  const usableSecret =
    credentialProblem('SERVICE_CLIENT_SECRET', clientSecret, '') === undefined
      ? clientSecret
      : undefined;
  const webhooks = readWebhookEnv(env, usableSecret);
  const redisUrl = envText(env, 'REDIS_URL');
  const redisProblem = readRedisUrl(redisUrl);
  return {
    client: client.client,
    webhooks: webhooks.webhooks,
    webhookSecretFrom: webhooks.secretFrom,
    redisUrl: redisProblem ? undefined : redisUrl,
    problems: [...client.problems, ...webhooks.problems, ...(redisProblem ? [redisProblem] : [])],
    clientProblems: client.problems,
    webhookProblems: webhooks.problems,
  };
}
