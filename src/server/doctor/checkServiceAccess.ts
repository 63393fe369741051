import { NotFoundError } from '../../core/errors/NotFoundError.js';
import { TimeoutError } from '../../core/errors/TimeoutError.js';
import { resolveServiceRoutes } from '../../core/resolveServiceRoutes.js';
import { SERVICE_PATH_PREFIX } from '../../core/SERVICE_PATH_PREFIX.js';
import { createServiceClient } from '../client/createServiceClient.js';
import type { ServiceClientEnv } from '../config/ServiceEnv.js';
import { createMemoryStore } from '../store/createMemoryStore.js';
import type { DoctorCheck } from './DoctorReport.js';
import { describeNoAnswer } from './describeNoAnswer.js';
import { isJsonType } from './isJsonType.js';
import type { Exchange } from './recordExchanges.js';
import { recordExchanges } from './recordExchanges.js';

const TOKEN_TITLE = 'Access token';
const READ_TITLE = 'Service read';
const BASE = 'SERVICE_BASE_URL';

/** Inputs of {@link checkServiceAccess}. */
export interface ServiceAccessInput {
  client: ServiceClientEnv;
  fetch: typeof fetch;
  timeoutMs: number;
  /** A policy id nobody has: the read asks for it. */
  policyId: string;
}

const isHtml = (x: Exchange) => /^text\/html/i.test(x.contentType ?? '');

function partnerClause(partnerId: string | undefined): string {
  return partnerId === undefined
    ? '; a platform partner also sets SERVICE_PARTNER_ID'
    : ', and SERVICE_PARTNER_ID (a lender client of this platform partner)';
}

function redirectFix(x: Exchange, routePath: string): string {
  const target = x.location;
  if (target?.endsWith(routePath)) {
    return `Set ${BASE} to ${target.slice(0, -routePath.length)}: a redirect is never followed, so the secret cannot travel to another address.`;
  }
  return `Set ${BASE} to the service's final https address with its path prefix: a redirect is never followed, so the secret cannot travel to another address.`;
}

function redirected(x: Exchange, what: string): string {
  return `The service answered ${what} with a redirect (${x.status}${x.location ? ` to ${x.location}` : ''})`;
}

function tokenVerdict(
  input: ServiceAccessInput,
  x: Exchange | undefined,
  error: unknown,
  gotRead: boolean,
  tokenPath: string,
): DoctorCheck {
  const { client, timeoutMs } = input;
  const url = `${client.baseUrl}${tokenPath}`;
  const what = `POST ${url}`;
  const fail = (detail: string, fix: string): DoctorCheck => ({
    id: 'token',
    title: TOKEN_TITLE,
    status: 'fail',
    detail,
    fix,
  });
  if (gotRead) {
    return {
      id: 'token',
      title: TOKEN_TITLE,
      status: 'pass',
      detail: `${what} issued an access token`,
    };
  }
  const host = new URL(url).host;
  // A request still unanswered when its time ran out has no status (a fetch that ignores its
  // signal never settles); one whose body never ended has one.
  if (error instanceof TimeoutError && (x?.status === undefined || x.status < 300)) {
    const { detail, fix } = describeNoAnswer('timeout', host, BASE, timeoutMs);
    return fail(detail, fix);
  }
  if (x === undefined || (x.status === undefined && x.failure === undefined)) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(
      `The token request did not go out: ${message}`,
      `Check ${BASE} and SERVICE_ROUTES.`,
    );
  }
  const status = x.status;
  if (status === undefined) {
    const { detail, fix } = describeNoAnswer(x.failure ?? 'Error', host, BASE, timeoutMs);
    return fail(detail, fix);
  }
  if (status >= 300 && status < 400) return fail(redirected(x, what), redirectFix(x, tokenPath));
  if (status === 400 || status === 401 || status === 403) {
    return fail(
      `The service refused the client credentials (${status}) at ${what}`,
      `Check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET (the pair issued for this environment: sandbox and production differ)${partnerClause(client.partnerId)}.`,
    );
  }
  if (status === 404 || status === 405) {
    const path = new URL(client.baseUrl).pathname;
    const body = isHtml(x)
      ? ' with an HTML page'
      : isJsonType(x.contentType)
        ? ''
        : ' without JSON';
    return fail(
      `The service answered ${status}${body} to ${what}: no token route there`,
      path === '/' || path === ''
        ? `${BASE} has no path: include the service's path prefix, e.g. ${client.baseUrl}${SERVICE_PATH_PREFIX} (every route is under ${BASE}/v1/...).`
        : `Check the path prefix in ${BASE} (${path}); if the service spells the token route differently, set it in SERVICE_ROUTES (createToken=POST /path).`,
    );
  }
  if (status === 429) {
    return fail(
      `The service rate limited the token request (429) at ${what}`,
      'Wait a minute and run the check again; if it persists, something else requests tokens for this client in a loop.',
    );
  }
  if (status >= 500) {
    return fail(
      `The service could not issue a token (${status}) at ${what}`,
      "Run the check again later; if it persists, contact the service's support.",
    );
  }
  if (status >= 200 && status < 300) {
    return fail(
      `${what} answered ${status}${isHtml(x) ? ' with an HTML page' : ''}, not with an access token`,
      isHtml(x)
        ? `${BASE} points at a website, not at the service's API: use the API's base URL with its path prefix.`
        : `Check ${BASE} and SERVICE_ROUTES (createToken): something answers there, but not as the token route does.`,
    );
  }
  return fail(`The service answered ${status} to ${what}`, `Check ${BASE} and SERVICE_ROUTES.`);
}

function readVerdict(
  input: ServiceAccessInput,
  x: Exchange | undefined,
  error: unknown,
  readPath: string,
): DoctorCheck {
  const { client, timeoutMs, policyId } = input;
  if (x === undefined) {
    return {
      id: 'read',
      title: READ_TITLE,
      status: 'skip',
      detail: 'Needs an access token (see above)',
    };
  }
  const what = `GET ${x.url}`;
  const proven = 'the base URL, the routes and the token work';
  const pass = (detail: string): DoctorCheck => ({
    id: 'read',
    title: READ_TITLE,
    status: 'pass',
    detail,
  });
  const fail = (detail: string, fix: string): DoctorCheck => ({
    id: 'read',
    title: READ_TITLE,
    status: 'fail',
    detail,
    fix,
  });
  const status = x.status;
  if (error instanceof TimeoutError && (status === undefined || status < 300)) {
    const { detail, fix } = describeNoAnswer('timeout', new URL(x.url).host, BASE, timeoutMs);
    return fail(detail, fix);
  }
  if (status === undefined) {
    const failure = x.failure ?? 'Error';
    const { detail, fix } = describeNoAnswer(failure, new URL(x.url).host, BASE, timeoutMs);
    return fail(detail, fix);
  }
  const json = isJsonType(x.contentType);
  if (status === 404 && json) {
    // The service's own words (cut and redacted by the client), as evidence of who answered.
    const said =
      error instanceof NotFoundError && /^[\x20-\x7e]{1,80}$/.test(error.message)
        ? ` (${JSON.stringify(error.message)})`
        : '';
    return pass(
      `${what} answered the service's JSON 404${said} for a policy that cannot exist: ${proven}`,
    );
  }
  if (status >= 200 && status < 300) return pass(`${what} answered ${status}: ${proven}`);
  if ((status === 400 || status === 422) && json) {
    return pass(`${what} refused the made-up id ${policyId} (${status}, JSON): ${proven}`);
  }
  if (status === 404 || status === 405) {
    return fail(
      `${what} answered ${status}${isHtml(x) ? ' with an HTML page' : json ? '' : ' without JSON'}: no policy route there`,
      `Check SERVICE_ROUTES (getPolicy=GET /path/{policyId}; the default is ${readPath}) and the path prefix in ${BASE}: the token route answered, so the host is right.`,
    );
  }
  if (status === 401) {
    return fail(
      `The service issued a token but refused it for ${what} (401)`,
      `Check that ${BASE} and the credentials belong to the same environment (a sandbox token is not valid in production)${partnerClause(client.partnerId)}.`,
    );
  }
  if (status === 403) {
    return fail(
      `The service refused ${what} (403): this client may not read policies`,
      `Ask the service's support to enable the API for this client${client.partnerId === undefined ? '' : ' and the lender client in SERVICE_PARTNER_ID'}.`,
    );
  }
  if (status >= 300 && status < 400) {
    return fail(redirected(x, what), redirectFix(x, x.url.slice(client.baseUrl.length)));
  }
  if (status === 429) {
    return fail(
      `The service rate limited ${what} (429), a read it does not limit by its documentation`,
      'Wait a minute and run the check again.',
    );
  }
  return fail(
    `The service failed on ${what} (${status})`,
    "Run the check again later; if it persists, contact the service's support.",
  );
}

/**
 * The token and the read checks, made with one call of a service client built from the
 * settings (retries off, one short attempt each), so they go through the library's own token
 * request and call path. The read is `getPolicy` for a policy id that cannot exist: that
 * operation changes nothing and is not rate limited (the service limits only submitting a
 * loan, reading a loan and shopping, so a check run in a loop never eats the partner's budget;
 * `getLoan`, the obvious read, is limited), and the service answers a made-up id with its JSON
 * 404, which proves the base URL, the routes and the token without touching anyone's data.
 * (A server that answers every unknown path with a JSON 404 looks the same; an HTML page or a
 * body that is not JSON, which web servers and gateways answer for a path they do not know, is
 * caught. The service's words are quoted as evidence.)
 */
export async function checkServiceAccess(
  input: ServiceAccessInput,
): Promise<{ token: DoctorCheck; read: DoctorCheck }> {
  const { client: settings, timeoutMs, policyId } = input;
  const routes = resolveServiceRoutes(settings.routes);
  const { fetch, exchanges } = recordExchanges(input.fetch);
  let error: unknown;
  try {
    const client = createServiceClient({
      ...settings,
      fetch,
      store: createMemoryStore(),
      timeoutMs,
      // Room for a token, a read, and the one refresh-and-replay a refused token gets.
      deadlineMs: Math.min(timeoutMs * 4 + 1_000, 29_000),
      retry: { attempts: 1 },
    });
    await client.call('getPolicy', { params: { policyId } });
  } catch (caught) {
    error = caught;
  }
  const tokenUrl = `${settings.baseUrl}${routes.createToken.path}`;
  const token = exchanges.find((x) => x.method === 'POST' && x.url === tokenUrl);
  const reads = exchanges.filter((x) => x.url !== tokenUrl);
  const read = reads[reads.length - 1];
  return {
    token: tokenVerdict(input, token, error, read !== undefined, routes.createToken.path),
    read: readVerdict(input, read, error, routes.getPolicy.path),
  };
}
