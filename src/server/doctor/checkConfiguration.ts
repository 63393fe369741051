import type { ConfigurationProblem } from '../config/ConfigurationError.js';
import type { ServiceEnvParts } from '../config/readServiceEnvParts.js';
import type { DoctorCheck } from './DoctorReport.js';

const TITLE = 'Configuration';

/**
 * Every problem `readServiceEnv` would throw, plus the receiver URL's (when one is given), or
 * on a pass what the server would run with, by variable and never a secret.
 */
export function checkConfiguration(
  parts: ServiceEnvParts,
  urlProblem: ConfigurationProblem | undefined,
): DoctorCheck {
  const problems = urlProblem ? [...parts.problems, urlProblem] : parts.problems;
  if (problems.length > 0) {
    return {
      id: 'configuration',
      title: TITLE,
      status: 'fail',
      detail: problems.length === 1 ? '1 problem' : `${problems.length} problems`,
      fix: problems.map((p) => p.fix).join(' '),
      problems,
    };
  }
  const client = parts.client;
  const overrides = Object.keys(client?.routes ?? {}).length;
  const routes =
    overrides === 0
      ? 'the operation table'
      : `${overrides} override${overrides === 1 ? '' : 's'} (SERVICE_ROUTES)`;
  const partner = client?.partnerId ? `, partner id ${client.partnerId}` : '';
  return {
    id: 'configuration',
    title: TITLE,
    status: 'pass',
    detail: `Service ${client?.baseUrl} as client ${client?.clientId}${partner}; routes: ${routes}; store: ${parts.redisUrl ? 'Redis (REDIS_URL)' : 'memory'}`,
  };
}
