import { isLoopbackHost } from '../../core/isLoopbackHost.js';
import { SERVICE_PATH_PREFIX } from '../../core/SERVICE_PATH_PREFIX.js';
import { parseBaseUrl } from '../client/parseBaseUrl.js';
import type { ConfigurationProblem } from './ConfigurationError.js';

const VARIABLE = 'SERVICE_BASE_URL';
const EXAMPLE = `https://<service host>${SERVICE_PATH_PREFIX}`;

const problem = (message: string, fix: string): { problem: ConfigurationProblem } => ({
  problem: { variable: VARIABLE, message: `${VARIABLE} ${message}`, fix },
});

/**
 * Reads SERVICE_BASE_URL as the service client checks `baseUrl` (https:, or http: on a loopback
 * host; no credentials, query or fragment), with a fix for each refusal. It also refuses a base
 * URL that already holds the routes' first segment (`…/lenders/v1`), which would make every
 * path `/v1/v1/…`. Messages never repeat the URL, which may carry credentials.
 *
 * @param tokenPath the token route's path (`/v1/auth/token`), whose first segment every route
 *   of the operation table shares.
 */
export function readBaseUrlEnv(
  raw: string | undefined,
  tokenPath: string,
): { value: string } | { problem: ConfigurationProblem } {
  if (raw === undefined) {
    return problem(
      'is not set',
      `Set ${VARIABLE} to the service's base URL with its path prefix, e.g. ${EXAMPLE}.`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem('must be an absolute URL', `Write it in full, e.g. ${EXAMPLE}.`);
  }
  const first = tokenPath.split('/')[1];
  // The path up to the routes' first segment (`/lenders` of `/lenders/v1/…`): the prefix to keep.
  const prefixOf = (pathname: string) => {
    const segments = pathname.split('/');
    const at = first ? segments.indexOf(first) : -1;
    return at > 0 ? segments.slice(0, at).join('/') : pathname;
  };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    const https =
      url.protocol === 'http:' ? `https://${url.host}${prefixOf(url.pathname)}` : EXAMPLE;
    return problem(
      'must use https: (http: is allowed only for loopback hosts)',
      `Use the service's https address, e.g. ${https}.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    return problem(
      'must not carry credentials (user:password@)',
      'Remove them: the credentials go in SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET.',
    );
  }
  if (url.search !== '' || url.hash !== '' || raw.includes('?') || raw.includes('#')) {
    return problem('must not have a query or a fragment', 'Remove everything from "?" or "#" on.');
  }
  let value: string;
  try {
    value = parseBaseUrl(raw);
  } catch (error) {
    // A rule of the client's that the checks above do not know yet: say it in its words.
    const text = error instanceof Error ? error.message : String(error);
    return problem(text.replace(/^\W*baseUrl\W*\s*/, ''), `Correct ${VARIABLE}, e.g. ${EXAMPLE}.`);
  }
  const { pathname } = new URL(value);
  const prefix = prefixOf(pathname);
  if (prefix !== pathname) {
    const cut = `${url.origin}${prefix}`;
    return problem(
      `holds /${first}, which every route already starts with (${tokenPath})`,
      `Leave /${first} and what follows it out: ${cut}.`,
    );
  }
  return { value };
}
