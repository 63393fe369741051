import { randomBytes } from 'node:crypto';
import type { ConfigurationProblem, ServiceEnv } from '../src/server/index.js';
import { ConfigurationError, readServiceEnv } from '../src/server/index.js';

/** What the demo runs with. */
export interface DemoSettings {
  port: number;
  quoteDelayMs: number;
  sessionsPerAddress: number;
  rateSharePerAddress: number;
  /**
   * True without SERVICE_BASE_URL: the demo starts its embedded sandbox, whose base URL
   * replaces `service.client.baseUrl` once it listens.
   */
  sandbox: boolean;
  /**
   * SANDBOX_PRODUCTION_LIKE=1: the embedded sandbox answers as loosely as the production service
   * (`createSandboxService({ productionLike: true })`).
   */
  productionLike: boolean;
  service: ServiceEnv;
}

type Env = NodeJS.ProcessEnv;

// Until the sandbox listens its address is unknown; the rest of the settings are read now.
const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1/lenders';

function intFromEnv(
  env: Env,
  problems: ConfigurationProblem[],
  name: string,
  fallback: number,
  [min, max]: readonly [number, number],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  problems.push({
    variable: name,
    message: `${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`,
    fix: `Set ${name} to a whole number from ${min} to ${max}, or leave it unset (${fallback}).`,
  });
  return fallback;
}

/** SANDBOX_PRODUCTION_LIKE: `1`/`true` on, `0`/`false`/unset off; with a real service, unset. */
function productionLikeFromEnv(env: Env, problems: ConfigurationProblem[]): boolean {
  const raw = (env.SANDBOX_PRODUCTION_LIKE ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw !== '1' && raw !== 'true') {
    problems.push({
      variable: 'SANDBOX_PRODUCTION_LIKE',
      message: `SANDBOX_PRODUCTION_LIKE must be 1 or 0 (got ${JSON.stringify(env.SANDBOX_PRODUCTION_LIKE)})`,
      fix: 'Set SANDBOX_PRODUCTION_LIKE=1 for production-like sandbox answers, or leave it unset.',
    });
    return false;
  }
  // A real service answers as it does: the setting would silently do nothing there.
  if (env.SERVICE_BASE_URL) {
    problems.push({
      variable: 'SANDBOX_PRODUCTION_LIKE',
      message: 'SANDBOX_PRODUCTION_LIKE applies to the embedded sandbox, not to SERVICE_BASE_URL',
      fix: 'Unset SANDBOX_PRODUCTION_LIKE, or unset SERVICE_BASE_URL to use the sandbox.',
    });
    return false;
  }
  return true;
}

/**
 * The sandbox's side of the settings: credentials made up for this run unless
 * SERVICE_CLIENT_ID / SERVICE_CLIENT_SECRET name them (a test that looks for the secret in
 * browser traffic needs to know it), and no partner id, webhook secret or basic auth of the
 * environment's, which describe a real service. The header prefix, the routes and Redis are
 * read as they would be for a real service, so a configuration can be tried here first.
 */
function sandboxEnv(env: Env): Env {
  return {
    ...env,
    SERVICE_BASE_URL: SANDBOX_PLACEHOLDER_URL,
    SERVICE_CLIENT_ID: env.SERVICE_CLIENT_ID || `demo_${randomBytes(6).toString('hex')}`,
    SERVICE_CLIENT_SECRET: env.SERVICE_CLIENT_SECRET || randomBytes(32).toString('base64url'),
    SERVICE_PARTNER_ID: undefined,
    WEBHOOK_SECRET: undefined,
    WEBHOOK_BASIC_AUTH_USERNAME: undefined,
    WEBHOOK_BASIC_AUTH_PASSWORD: undefined,
  };
}

/**
 * Reads the demo's settings: its own (PORT, DEMO_*, SANDBOX_PRODUCTION_LIKE) and the server's, with the library's
 * `readServiceEnv`. Any problem, all of them at once, one line each naming the variable and
 * what to fix, then exit code 2.
 */
export function readDemoSettings(env: Env): DemoSettings {
  const problems: ConfigurationProblem[] = [];
  const port = intFromEnv(env, problems, 'PORT', 5173, [0, 65535]);
  const quoteDelayMs = intFromEnv(env, problems, 'DEMO_QUOTE_DELAY_MS', 8000, [0, 600_000]);
  const sessionsPerAddress = intFromEnv(
    env,
    problems,
    'DEMO_SESSIONS_PER_ADDRESS',
    20,
    [1, 100_000],
  );
  // Every browser of one address shares this many rate-limited calls a minute: half the
  // client's budget (90), so no address can take it all, and a borrower flow or two fit.
  const rateSharePerAddress = intFromEnv(env, problems, 'DEMO_RATE_SHARE', 45, [1, 90]);
  const sandbox = !env.SERVICE_BASE_URL;
  const productionLike = productionLikeFromEnv(env, problems);
  let service: ServiceEnv | undefined;
  try {
    service = readServiceEnv(sandbox ? sandboxEnv(env) : env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length > 0 || !service) {
    // One line per setting at fault: what is wrong, then how to fix it.
    for (const { message, fix } of problems) {
      console.error(`${message}${/[.!?]$/.test(message) ? '' : '.'} ${fix}`);
    }
    process.exit(2);
  }
  return {
    port,
    quoteDelayMs,
    sessionsPerAddress,
    rateSharePerAddress,
    sandbox,
    productionLike,
    service,
  };
}
