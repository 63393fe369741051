import { ID_PATTERN } from '../../core/ids.js';
import { operations } from '../../core/operations.js';
import { resolveServiceRoutes } from '../../core/resolveServiceRoutes.js';
import type { ConfigurationProblem } from './ConfigurationError.js';
import { credentialProblem } from './credentialProblem.js';
import { envText } from './envText.js';
import { readBaseUrlEnv } from './readBaseUrlEnv.js';
import { readRoutesEnv } from './readRoutesEnv.js';
import type { EnvSource, ServiceClientEnv } from './ServiceEnv.js';

/** The service client's part of the environment: its options, or why there are none. */
export interface ClientEnvReading {
  client: ServiceClientEnv | undefined;
  problems: ConfigurationProblem[];
}

/**
 * Reads SERVICE_BASE_URL, SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET, SERVICE_PARTNER_ID and
 * SERVICE_ROUTES, collecting every problem rather than stopping at the first.
 */
export function readClientEnv(env: EnvSource): ClientEnvReading {
  const problems: ConfigurationProblem[] = [];
  const routes = readRoutesEnv(envText(env, 'SERVICE_ROUTES'));
  // The token route tells which first segment every path has; a broken SERVICE_ROUTES is
  // reported on its own, and the base URL is checked against the table's route meanwhile.
  const tokenPath =
    'value' in routes
      ? resolveServiceRoutes(routes.value).createToken.path
      : operations.createToken.upstream.path;
  const baseUrl = readBaseUrlEnv(envText(env, 'SERVICE_BASE_URL'), tokenPath);
  if ('problem' in baseUrl) problems.push(baseUrl.problem);

  const clientId = envText(env, 'SERVICE_CLIENT_ID');
  const clientSecret = envText(env, 'SERVICE_CLIENT_SECRET');
  const partnerId = envText(env, 'SERVICE_PARTNER_ID');
  for (const found of [
    credentialProblem(
      'SERVICE_CLIENT_ID',
      clientId,
      'Set SERVICE_CLIENT_ID to the client id the service issued for this lender.',
    ),
    credentialProblem(
      'SERVICE_CLIENT_SECRET',
      clientSecret,
      'Set SERVICE_CLIENT_SECRET to the client secret the service issued with that client id (it also signs the webhooks unless WEBHOOK_SECRET is set).',
    ),
  ]) {
    if (found) problems.push(found);
  }
  if (partnerId !== undefined && !ID_PATTERN.test(partnerId)) {
    problems.push({
      variable: 'SERVICE_PARTNER_ID',
      message: 'SERVICE_PARTNER_ID must be 1-64 letters, digits, "_" or "-"',
      fix: 'Set SERVICE_PARTNER_ID to the id of the lender client this server acts for (platform partners only), or leave it unset.',
    });
  }
  if ('problem' in routes) problems.push(routes.problem);

  if (problems.length > 0 || !('value' in baseUrl) || !('value' in routes)) {
    return { client: undefined, problems };
  }
  return {
    client: {
      baseUrl: baseUrl.value,
      clientId: clientId as string,
      clientSecret: clientSecret as string,
      ...(partnerId === undefined ? {} : { partnerId }),
      routes: routes.value,
    },
    problems,
  };
}
