import { BAD_PORT } from '../client/sendAttempt.js';

/** Why a request got no answer, by the cause `fetch` gave: what to check follows from it. */
export type ConnectFailureKind =
  | 'refused'
  | 'bad-port'
  | 'unresolved'
  | 'unreachable'
  | 'tls'
  | 'timeout';

const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const UNREACHABLE = new Set([
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TLS = /CERT|SSL|TLS|EPROTO|UNABLE_TO_/;
// Our own deadline ran out (the request's signal), not the network's.
const TIMEOUT = new Set(['timeout', 'TimeoutError', 'AbortError']);

/**
 * Sorts a failed request's cause code (`ECONNREFUSED`, `ENOTFOUND`, `BAD_PORT`, a TLS code, or
 * `timeout`) into the few kinds that each point at one thing to check. `undefined`: a cause that
 * names no setting. The service client's log lines and the doctor's checks word each kind for
 * their reader.
 */
export function connectFailureKind(code: string | undefined): ConnectFailureKind | undefined {
  if (code === undefined) return undefined;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === BAD_PORT) return 'bad-port';
  if (UNRESOLVED.has(code)) return 'unresolved';
  if (UNREACHABLE.has(code)) return 'unreachable';
  if (TIMEOUT.has(code)) return 'timeout';
  if (TLS.test(code)) return 'tls';
  return undefined;
}
