import { describe, expect, it } from 'vitest';
import { BAD_PORT } from '../../../src/server/client/sendAttempt.js';
import { connectFailureKind } from '../../../src/server/http/connectFailureKind.js';

describe('connectFailureKind', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    [BAD_PORT, 'bad-port'],
    ['ENOTFOUND', 'unresolved'],
    ['EAI_AGAIN', 'unresolved'],
    ['ETIMEDOUT', 'unreachable'],
    ['EHOSTUNREACH', 'unreachable'],
    ['UND_ERR_CONNECT_TIMEOUT', 'unreachable'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['EPROTO', 'tls'],
    ['timeout', 'timeout'],
    ['TimeoutError', 'timeout'],
  ])('sorts %s as %s', (code, kind) => {
    expect(connectFailureKind(code)).toBe(kind);
  });

  it('names no kind for a cause that points at no setting, or for none', () => {
    expect(connectFailureKind('ECONNRESET')).toBeUndefined();
    expect(connectFailureKind(undefined)).toBeUndefined();
  });
});
