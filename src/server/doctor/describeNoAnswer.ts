import { connectFailureKind } from '../http/connectFailureKind.js';

/** What a check says when a request got no answer. */
export interface NoAnswer {
  detail: string;
  fix: string;
}

/**
 * Turns a failed connection (`failure`: the error's code, e.g. `ECONNREFUSED`, or `timeout`)
 * into what it usually means and what to check in `setting`, the URL's variable.
 *
 * @param host the URL's `host` (name and port), never the whole URL.
 */
export function describeNoAnswer(
  failure: string,
  host: string,
  setting: string,
  timeoutMs: number,
): NoAnswer {
  switch (connectFailureKind(failure)) {
    case 'refused':
      return {
        detail: `Could not connect to ${host} (ECONNREFUSED): nothing listens on that port`,
        fix: `Check the host and port in ${setting}, and that the server there is running.`,
      };
    case 'bad-port':
      return {
        detail: `Could not connect to ${host}: fetch refuses that port as unsafe`,
        fix: `Check the port in ${setting}.`,
      };
    case 'unresolved':
      return {
        detail: `The host of ${host} was not found (${failure})`,
        fix: `Check the host name in ${setting} (and this machine's DNS).`,
      };
    case 'unreachable':
      return {
        detail: `Could not reach ${host} (${failure})`,
        fix: `Check the host and port in ${setting} and that this machine may reach it (firewall, proxy).`,
      };
    case 'tls':
      return {
        detail: `The TLS connection to ${host} failed (${failure})`,
        fix: `Check that ${setting} names the right https host; behind a proxy with its own certificate authority, give Node its certificate with NODE_EXTRA_CA_CERTS.`,
      };
    case 'timeout':
      return {
        detail: `No answer from ${host} within ${timeoutMs / 1000} s`,
        fix: `Check the host and port in ${setting} and that this machine may reach it (firewall, proxy), or allow more time (--timeout-ms).`,
      };
    default:
      return {
        detail: `The connection to ${host} failed (${failure})`,
        fix: `Check the host, port and scheme in ${setting} (http:// to an https port, or the reverse, fails like this).`,
      };
  }
}
