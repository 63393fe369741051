import { checkHeaderPrefix } from '../webhooks/checkHeaderPrefix.js';
import { checkHeaderPrefixSetting } from '../webhooks/checkHeaderPrefixSetting.js';
import type { ConfigurationProblem } from './ConfigurationError.js';
import { credentialProblem } from './credentialProblem.js';
import { envText } from './envText.js';
import type { EnvSource, ServiceEnv, WebhookEnv } from './ServiceEnv.js';

/** The webhook receiver's part of the environment: its options, or why there are none. */
export interface WebhookEnvReading {
  webhooks: WebhookEnv | undefined;
  secretFrom: ServiceEnv['webhookSecretFrom'];
  problems: ConfigurationProblem[];
}

const PREFIX = 'WEBHOOK_HEADER_PREFIX';
const USERNAME = 'WEBHOOK_BASIC_AUTH_USERNAME';
const PASSWORD = 'WEBHOOK_BASIC_AUTH_PASSWORD';

function isHeaderPrefix(text: string): boolean {
  try {
    checkHeaderPrefix(text);
    return true;
  } catch {
    return false;
  }
}

function readPrefix(
  raw: string | undefined,
): { value: string } | { problem: ConfigurationProblem } {
  try {
    // The receiver's own check, so the variable accepts exactly what `headerPrefix` does.
    return { value: checkHeaderPrefixSetting(raw ?? 'auto', PREFIX) };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const trimmed = raw?.replace(/-+$/, '');
    return {
      problem: {
        variable: PREFIX,
        message: text.startsWith(PREFIX) ? text : `${PREFIX}: ${text}`,
        fix:
          trimmed !== undefined && trimmed !== raw && isHeaderPrefix(trimmed)
            ? `Set ${PREFIX}=${trimmed}.`
            : `Unset ${PREFIX} (the default, auto, takes the one X-*-Signature-1 header whose HMAC verifies, under any vendor prefix), or set it to the prefix the service signs with to pin it, e.g. X-Acme for X-Acme-Signature-1.`,
      },
    };
  }
}

function basicAuthProblems(
  username: string | undefined,
  password: string | undefined,
): ConfigurationProblem[] {
  if ((username === undefined) !== (password === undefined)) {
    const [unset, set] = username === undefined ? [USERNAME, PASSWORD] : [PASSWORD, USERNAME];
    return [
      {
        variable: unset,
        message: `${unset} is not set, but ${set} is`,
        fix: `Set both ${USERNAME} and ${PASSWORD} to the credentials registered with the service for webhook deliveries, or neither.`,
      },
    ];
  }
  if (username?.includes(':')) {
    return [
      {
        variable: USERNAME,
        message: `${USERNAME} must not contain ":"`,
        fix: `Use the user name registered with the service; basic auth cannot carry one with ":".`,
      },
    ];
  }
  return [];
}

/**
 * Reads WEBHOOK_SECRET (default: the client secret, which the service signs with),
 * WEBHOOK_HEADER_PREFIX (default `auto`) and WEBHOOK_BASIC_AUTH_USERNAME / _PASSWORD,
 * collecting every problem.
 * Without either secret there are no options, and no problem of its own either: the missing
 * SERVICE_CLIENT_SECRET is already one.
 */
export function readWebhookEnv(
  env: EnvSource,
  clientSecret: string | undefined,
): WebhookEnvReading {
  const problems: ConfigurationProblem[] = [];
  const ownSecret = envText(env, 'WEBHOOK_SECRET');
  const secretProblem = credentialProblem('WEBHOOK_SECRET', ownSecret, undefined);
  if (secretProblem) problems.push(secretProblem);
  const prefix = readPrefix(envText(env, PREFIX));
  if ('problem' in prefix) problems.push(prefix.problem);
  const username = envText(env, USERNAME);
  const password = envText(env, PASSWORD);
  problems.push(...basicAuthProblems(username, password));

  const secretFrom = ownSecret === undefined ? 'SERVICE_CLIENT_SECRET' : 'WEBHOOK_SECRET';
  const secret = ownSecret ?? clientSecret;
  if (problems.length > 0 || secret === undefined || !('value' in prefix)) {
    return { webhooks: undefined, secretFrom, problems };
  }
  return {
    webhooks: {
      secret,
      headerPrefix: prefix.value,
      ...(username !== undefined && password !== undefined
        ? { basicAuth: { username, password } }
        : {}),
    },
    secretFrom,
    problems,
  };
}
