import { describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../../src/testing/index.js';
import {
  createHarness,
  DAY,
  DEFAULT_CLIENT,
  DEFAULT_CREDENTIALS,
  HOUR,
  SECOND,
} from './harness.js';

const PLATFORM = {
  clientId: 'platform_client',
  clientSecret: 'platform_secret',
  lenderPartnerIds: ['lender_a', 'lender_b'],
} as const;

const withPlatform = {
  clients: [DEFAULT_CLIENT, { ...PLATFORM, lenderPartnerIds: [...PLATFORM.lenderPartnerIds] }],
};

const platformCredentials = (partnerId?: string) => ({
  client_id: PLATFORM.clientId,
  client_secret: PLATFORM.clientSecret,
  ...(partnerId === undefined ? {} : { partner_id: partnerId }),
});

function decodeSegment(segment: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

describe('create access token', () => {
  it('issues a bearer JWT valid for 86400 seconds to a standard client', async () => {
    const h = await createHarness();
    const res = await h.requestToken(DEFAULT_CREDENTIALS);

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ expires_in: 86_400, token_type: 'Bearer' });
    const parts = (res.json.access_token as string).split('.');
    expect(parts).toHaveLength(3);
    expect(decodeSegment(parts[0] as string)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeSegment(parts[1] as string);
    expect(claims.partner_id).toBe(SANDBOX_DEFAULTS.partnerId);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(86_400);
  });

  it('refuses a wrong secret and an unknown client with 401', async () => {
    const h = await createHarness();
    const wrongSecret = await h.requestToken({ ...DEFAULT_CREDENTIALS, client_secret: 'nope' });
    const unknownClient = await h.requestToken({ ...DEFAULT_CREDENTIALS, client_id: 'who' });

    for (const res of [wrongSecret, unknownClient]) {
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
      expect(res.json).not.toHaveProperty('access_token');
    }
  });

  it('refuses partner_id from a standard client with 400 partner_id_not_allowed', async () => {
    const h = await createHarness();
    const res = await h.requestToken({ ...DEFAULT_CREDENTIALS, partner_id: 'sandbox_partner' });

    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('partner_id_not_allowed');
  });

  it('requires a platform client to name one of its lenders', async () => {
    const h = await createHarness({ sandbox: withPlatform });

    const missing = await h.requestToken(platformCredentials());
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe('partner_id_required');

    const unknown = await h.requestToken(platformCredentials('lender_zzz'));
    expect(unknown.status).toBe(401);

    const ok = await h.requestToken(platformCredentials('lender_a'));
    expect(ok.status).toBe(200);
    expect(ok.json.expires_in).toBe(86_400);
  });

  it('scopes a platform token to one lender: another lender of the same platform cannot see its loans', async () => {
    const h = await createHarness({ sandbox: withPlatform });
    const tokenA = await h.login(platformCredentials('lender_a'));
    const tokenB = await h.login(platformCredentials('lender_b'));

    const loan = await h.submitLoan({}, { token: tokenA });
    const id = loan.json.id as string;

    expect((await h.call('GET', `/v1/loans/${id}`, undefined, { token: tokenA })).status).toBe(200);
    expect((await h.call('GET', `/v1/loans/${id}`, undefined, { token: tokenB })).status).toBe(404);
    expect((await h.call('GET', `/v1/loans/${id}`)).status).toBe(404);
  });

  it('refuses a malformed token request body', async () => {
    const h = await createHarness();

    const missingSecret = await h.requestToken({ client_id: SANDBOX_DEFAULTS.clientId });
    expect(missingSecret.status).toBe(400);
    expect(missingSecret.json.error.code).toBe('validation_error');
    expect(missingSecret.json.error.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'client_secret' })]),
    );

    const form = await h.call('POST', '/v1/auth/token', undefined, {
      token: null,
      rawBody: 'client_id=sandbox_client&client_secret=sandbox_secret',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
  });
});

describe('bearer authentication', () => {
  it('answers 401 with a JSON unauthorized error when the token is missing', async () => {
    const h = await createHarness();
    const res = await h.call('GET', '/v1/loans/ln_1', undefined, { token: null });

    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('answers 401 for a garbage token, a tampered token and a token from another sandbox', async () => {
    const h = await createHarness();
    const other = await createHarness();
    const [header, payload, signature] = h.token.split('.') as [string, string, string];
    const claims = decodeSegment(payload);
    const forged = Buffer.from(JSON.stringify({ ...claims, partner_id: 'someone_else' })).toString(
      'base64url',
    );

    for (const token of ['not-a-jwt', `${header}.${forged}.${signature}`, other.token]) {
      const res = await h.call('POST', '/v1/loans', {}, { token });
      expect(res.status, token).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
  });

  it('accepts a token until just before 24 hours and refuses it at 24 hours', async () => {
    const h = await createHarness();
    const loan = await h.submitLoan();
    const path = `/v1/loans/${loan.json.id}/shop`;

    await h.advance(DAY - SECOND);
    expect((await h.call('GET', path)).status).toBe(200);

    await h.advance(SECOND);
    const expired = await h.call('GET', path);
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('unauthorized');

    // A new token works again and still sees the loan.
    h.token = await h.login(DEFAULT_CREDENTIALS);
    expect((await h.call('GET', path)).status).toBe(200);
  });

  it('keeps the same 24-hour boundary on a manual clock started at an arbitrary instant', async () => {
    const h = await createHarness({ sandbox: { clock: 'manual' } });

    await h.advance(DAY - SECOND);
    expect((await h.call('GET', '/v1/loans/ln_unknown')).status).toBe(404);
    await h.advance(SECOND);
    expect((await h.call('GET', '/v1/loans/ln_unknown')).status).toBe(401);
  });

  it('honours a configured token lifetime', async () => {
    const h = await createHarness({ sandbox: { tokenTtlSeconds: 3600 } });
    expect((await h.requestToken(DEFAULT_CREDENTIALS)).json.expires_in).toBe(3600);

    await h.advance(HOUR - SECOND);
    expect((await h.call('GET', '/v1/loans/ln_unknown')).status).toBe(404);
    await h.advance(SECOND);
    expect((await h.call('GET', '/v1/loans/ln_unknown')).status).toBe(401);
  });

  it('refuses every token issued before invalidateTokens, and accepts new ones', async () => {
    const h = await createHarness();
    const loan = await h.submitLoan();
    const path = `/v1/loans/${loan.json.id}/display`;
    expect((await h.call('GET', path)).status).toBe(200);

    h.sandbox.invalidateTokens();
    const res = await h.call('GET', path);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');

    h.token = await h.login(DEFAULT_CREDENTIALS);
    expect((await h.call('GET', path)).status).toBe(200);
  });
});
