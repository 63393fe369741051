import { SERVICE_PATH_PREFIX } from '../../core/SERVICE_PATH_PREFIX.js';
import { connectFailureKind } from '../http/connectFailureKind.js';
import type { ServiceDiagnosis } from './serviceDiagnoses.js';

/** Where a request went: the base URL and the route's template (ids as `{loanId}`, never values). */
export interface HintTarget {
  /** The operation, e.g. `createToken`, `getQuoteDisplay`. */
  operation: string;
  method: string;
  /** The configured base URL, e.g. `https://host/lenders` (checked: no credentials or query). */
  baseUrl: string;
  /** The route's path template on the service, e.g. `/v1/loans/{loanId}/display`. */
  path: string;
}

const BASE_URL = '`baseUrl` (SERVICE_BASE_URL)';
const ROUTES = '`routes` (SERVICE_ROUTES)';
const CLIENT_ID = '`clientId` (SERVICE_CLIENT_ID)';
const CLIENT_SECRET = '`clientSecret` (SERVICE_CLIENT_SECRET)';
const PARTNER_ID = '`partnerId` (SERVICE_PARTNER_ID)';

const request = (t: HintTarget) => `${t.method} ${t.baseUrl}${t.path}`;
const originOf = (baseUrl: string) => new URL(baseUrl).origin;
/** A base URL that is only an origin has no path prefix. */
const hasPrefix = (baseUrl: string) => baseUrl !== originOf(baseUrl);

const missingPrefix = (t: HintTarget) =>
  `is ${BASE_URL} missing the service's path prefix? It must include it, e.g. ${originOf(t.baseUrl)}${SERVICE_PATH_PREFIX} (the service's routes are under {baseUrl}/v1/...)`;

function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

function permissionsOf(partnerId: string | undefined): string {
  return partnerId === undefined ? CLIENT_ID : `${CLIENT_ID} and ${PARTNER_ID}`;
}

/**
 * The server-log lines for failures that point at a setting, each naming the option to fix and
 * the environment variable the demo and the setup check read it from. They quote the base URL
 * and route templates (never ids, queries, credentials, tokens or bodies).
 */
export const configurationHints = {
  /**
   * A 404 or 405 where a route should be: for the token route (which always exists), or an
   * operation answered with a web page rather than the service's own "not found".
   */
  notFound(t: HintTarget, status: number): ServiceDiagnosis {
    const said = `the service answered ${status} for ${request(t)}`;
    if (!hasPrefix(t.baseUrl)) {
      return { key: 'base-url-prefix', message: `${said}: ${missingPrefix(t)}` };
    }
    const example = `${t.operation}=${t.method} <its path on this service>`;
    if (t.operation === 'createToken') {
      return {
        key: 'route:createToken',
        message: `${said}: the path prefix in ${BASE_URL} or the service's routes may differ: check the prefix (the service's routes are under {baseUrl}/v1/...) and, if the service spells its token route differently, set it in ${ROUTES}, e.g. ${example}`,
      };
    }
    return {
      key: `route:${t.operation}`,
      message: `${said}, not an answer of its API: the service may spell this route differently: set it in ${ROUTES}, e.g. ${example}`,
    };
  },

  /** The token endpoint answered, but not with JSON: the base URL names a web page. */
  notJson(t: HintTarget, status: number, contentType: string | null): ServiceDiagnosis {
    const type = contentType ? ` (${contentType.split(';')[0]?.trim()})` : '';
    const said = `the service answered ${request(t)} with ${status} and a body that is not JSON${type}`;
    if (!hasPrefix(t.baseUrl)) {
      return { key: 'base-url-prefix', message: `${said}: ${missingPrefix(t)}` };
    }
    return {
      key: `not-json:${t.operation}`,
      message: `${said}: ${BASE_URL} or ${ROUTES} may point at a web page rather than the service's API: check the path prefix (the service's routes are under {baseUrl}/v1/...)`,
    };
  },

  /** No connection: `code` is the cause's code from `fetch` (`ECONNREFUSED`, `ENOTFOUND`, ...). */
  connect(url: string, code: string | undefined): ServiceDiagnosis | undefined {
    if (code === undefined) return undefined;
    const target = new URL(url);
    const where = hostAndPort(target);
    const key = `connect:${where}:${code}`;
    switch (connectFailureKind(code)) {
      case 'bad-port':
        return {
          key,
          message: `could not connect to ${where} (port ${target.port} is refused as unsafe, as fetch refuses it): check the port in ${BASE_URL}`,
        };
      case 'refused':
        return {
          key,
          message: `could not connect to ${where} (${code}): check the host and port in ${BASE_URL}`,
        };
      case 'unresolved':
        return {
          key,
          message: `could not resolve the host ${target.hostname} (${code}): check the host in ${BASE_URL}`,
        };
      case 'unreachable':
        return {
          key,
          message: `could not connect to ${where} (${code}): check the host and port in ${BASE_URL}, and that this server may reach it (firewall, proxy)`,
        };
      case 'tls':
        return {
          key,
          message: `the TLS connection to ${where} failed (${code}): check that ${BASE_URL} uses https only on a port that speaks it (http on a loopback sandbox), and that this server trusts the service's certificate`,
        };
      default:
        return undefined;
    }
  },

  /** The token endpoint refused the credentials (400, 401, 403). */
  credentials(status: number, partnerId: string | undefined): ServiceDiagnosis {
    const settings =
      partnerId === undefined
        ? `${CLIENT_ID} and ${CLIENT_SECRET}`
        : `${CLIENT_ID}, ${CLIENT_SECRET} and ${PARTNER_ID}`;
    return {
      key: 'credentials',
      message: `the service refused the client credentials (status ${status}): check ${settings}`,
    };
  },

  /** An operation refused with 403: the token is good, the partner may not do this. */
  forbidden(t: HintTarget, partnerId: string | undefined): ServiceDiagnosis {
    return {
      key: `forbidden:${t.operation}`,
      message: `the service refused ${t.operation} with 403 (${request(t)}): the partner's permissions do not cover this operation: ask the service to enable it for ${permissionsOf(partnerId)}, or check that these are the credentials meant for this portal`,
    };
  },

  /**
   * A redirect, never followed (the token must not travel elsewhere). `location` is the
   * answer's `Location`, compared with where the request went to say what to change.
   */
  redirect(t: HintTarget, status: number, location: string | null): ServiceDiagnosis {
    const said = `the service answered ${request(t)} with a redirect (${status}), which is not followed`;
    const from = new URL(`${t.baseUrl}${t.path}`);
    let to: URL | undefined;
    try {
      to = location === null ? undefined : new URL(location, from);
    } catch {
      to = undefined;
    }
    let advice: string;
    if (to && to.protocol === 'https:' && from.protocol === 'http:') {
      advice = `use https:// in ${BASE_URL}`;
    } else if (to && to.host !== from.host) {
      advice = `the service redirects to ${to.origin}: use that host in ${BASE_URL}`;
    } else if (to) {
      advice = `the service redirects to another path: check the path prefix in ${BASE_URL} (a missing or extra trailing segment) and ${ROUTES}`;
    } else {
      advice = `check ${BASE_URL}: it probably needs https instead of http, or a missing trailing path (the service's path prefix)`;
    }
    return { key: `redirect:${t.operation}`, message: `${said}: ${advice}` };
  },
};
