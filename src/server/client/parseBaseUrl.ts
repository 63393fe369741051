import { isLoopbackHost } from '../../core/isLoopbackHost.js';
import { trimBasePath } from '../../core/operations.js';

/**
 * Checks the service's base URL and returns it without a trailing slash, ready for a path such
 * as `/v1/loans` to be appended. The secret and tokens travel to this host, so it must be
 * `https:`; plain `http:` is allowed only for a loopback host (a local sandbox). `URL` has
 * already normalised the host (`127.1` is `127.0.0.1`), so the loopback test sees one spelling.
 *
 * @throws TypeError when the URL is not absolute, not https (outside loopback), or carries
 *   credentials, a query or a fragment. The message never repeats the URL.
 */
export function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError('baseUrl must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new TypeError('baseUrl must use https: (http: is allowed only for loopback hosts)');
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('baseUrl must not carry credentials');
  }
  if (url.search !== '' || url.hash !== '' || baseUrl.includes('?') || baseUrl.includes('#')) {
    throw new TypeError('baseUrl must not have a query or a fragment');
  }
  return `${url.origin}${trimBasePath(url.pathname)}`;
}
