import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../../../src/core/errors/RateLimitedError.js';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { UnauthorizedError } from '../../../src/core/errors/UnauthorizedError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  captureLogger,
  clientOptions,
  createFakeService,
  HOUR,
  json,
  loanBody,
  networkFailure,
  type RecordedRequest,
  rateLimited,
  SECOND,
  START,
  text,
  track,
} from './fakeService.js';

const DAY_S = 86_400;
const SKEW = 300 * SECOND;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A promise the test resolves when it wants. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const loan = { params: { loanId: 'ln_1' } };

describe('token lifecycle', () => {
  it('T1: the first call makes exactly one token request with client id and secret', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));

    await client.call('getLoan', loan);

    const tokenRequests = service.of('createToken');
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.url).toBe(`${BASE_URL}/v1/auth/token`);
    expect(tokenRequests[0]?.method).toBe('POST');
    expect(tokenRequests[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(tokenRequests[0]?.body ?? '')).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(service.of('getLoan')[0]?.token).toBe(service.issued[0]);
  });

  it('T1: a platform partner sends partner_id from its configuration', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service, { partnerId: 'lender_a' }));

    await client.call('getLoan', loan);

    expect(client.partnerId).toBe('lender_a');
    expect(service.count('createToken')).toBe(1);
    expect(JSON.parse(service.of('createToken')[0]?.body ?? '')).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      partner_id: 'lender_a',
    });
  });

  it('T2: 100 concurrent cold calls make one token request and all use that token', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));

    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.call('getPolicy', { params: { policyId: `pol_${i}` } }),
      ),
    );

    expect(service.count('createToken')).toBe(1);
    const used = service.of('getPolicy').map((r) => r.token);
    expect(used).toHaveLength(100);
    expect(new Set(used)).toEqual(new Set([service.issued[0]]));
  });

  it('T3: calls spread over 23 hours reuse the one token', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));

    for (let hour = 0; hour <= 23; hour++) {
      vi.setSystemTime(START + hour * HOUR);
      await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    }

    expect(service.count('getPolicy')).toBe(24);
    expect(service.count('createToken')).toBe(1);
  });

  it('T4: no refresh at expiry - skew - 1 s, exactly one at expiry - skew', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    const refreshAt = START + DAY_S * SECOND - SKEW;

    vi.setSystemTime(refreshAt - SECOND);
    await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    expect(service.count('createToken')).toBe(1);

    vi.setSystemTime(refreshAt);
    await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    expect(service.count('createToken')).toBe(2);
    expect(service.of('getPolicy').map((r) => r.token)).toEqual([
      service.issued[0],
      service.issued[0],
      service.issued[1],
      service.issued[1],
    ]);
  });

  it('T4: the skew is configurable and counted from the time the token arrived', async () => {
    const service = createFakeService({ expiresIn: 3_600 });
    const client = createServiceClient(clientOptions(service, { tokenRefreshSkewMs: 60_000 }));
    // The token request takes 2 s: the lifetime starts when the answer arrives.
    service.script('createToken', async (req: RecordedRequest) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return json({ access_token: `tok.${req.at}.a`, expires_in: 3_600 });
    });
    const first = track(client.call('getPolicy', { params: { policyId: 'pol_1' } }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(first.settled).toBe(true);

    vi.setSystemTime(START + 2_000 + 3_600_000 - 60_000 - 1);
    await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    expect(service.count('createToken')).toBe(1);
    vi.setSystemTime(START + 2_000 + 3_600_000 - 60_000);
    await client.call('getPolicy', { params: { policyId: 'pol_1' } });
    expect(service.count('createToken')).toBe(2);
  });
});

describe('T5: token lifetime comes from receipt time and expires_in, clamped', () => {
  const jwtWithExp = (offsetSeconds: number) => {
    const iat = Math.floor(START / 1000);
    const claims = Buffer.from(JSON.stringify({ iat, exp: iat + DAY_S + offsetSeconds })).toString(
      'base64url',
    );
    return `eyJhbGciOiJIUzI1NiJ9.${claims}.sig`;
  };

  it.each([
    ['10 min early', -600],
    ['10 min late', 600],
  ])('T5: a JWT exp %s is ignored', async (_, offset) => {
    const service = createFakeService();
    service.script('createToken', json({ access_token: jwtWithExp(offset), expires_in: DAY_S }));
    const client = createServiceClient(clientOptions(service));
    await client.call('getPolicy', { params: { policyId: 'p1' } });

    vi.setSystemTime(START + DAY_S * SECOND - SKEW - 1);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(1);
    vi.setSystemTime(START + DAY_S * SECOND - SKEW);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(2);
  });

  it('T5: expires_in of 10^9 is clamped to 24 hours', async () => {
    const service = createFakeService({ expiresIn: 1e9 });
    const client = createServiceClient(clientOptions(service));
    await client.call('getPolicy', { params: { policyId: 'p1' } });

    vi.setSystemTime(START + DAY_S * SECOND - SKEW - 1);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(1);
    vi.setSystemTime(START + DAY_S * SECOND - SKEW);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(2);
  });

  it('T5: a numeric string expires_in is accepted', async () => {
    const service = createFakeService({ expiresIn: '86400' as unknown as number });
    const client = createServiceClient(clientOptions(service));
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    vi.setSystemTime(START + 23 * HOUR);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(1);
  });

  it.each([
    ['0', '0'],
    ['-1', '-1'],
    ['"abc"', '"abc"'],
    ['null', 'null'],
    ['missing', undefined],
    ['1e309 (Infinity)', '1e309'],
    ['an object', '{}'],
  ])('T5: expires_in %s is refused, not cached, and the next call asks again', async (_, raw) => {
    const service = createFakeService();
    const body = `{"access_token":"eyJ.a.b"${raw === undefined ? '' : `,"expires_in":${raw}`}}`;
    service.script(
      'createToken',
      new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const logger = captureLogger();
    const client = createServiceClient(clientOptions(service, { logger }));

    const error = await client.call('getPolicy', { params: { policyId: 'p1' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 502, serviceCode: 'invalid_token_response' });
    expect(service.count('createToken')).toBe(1);
    expect(service.count('getPolicy')).toBe(0);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        meta: expect.objectContaining({ reason: 'expires_in' }),
      }),
    ]);

    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(2);
    expect(service.of('getPolicy')[0]?.token).toBe(service.issued[0]);
  });

  it.each([
    ['a token with a space', '"a b"'],
    ['a token with a line break', '"a\\r\\nX-Evil: 1"'],
    ['an empty token', '""'],
    ['a numeric token', '42'],
  ])('T5: %s is refused', async (_, raw) => {
    const service = createFakeService();
    service.script('createToken', new Response(`{"access_token":${raw},"expires_in":86400}`));
    const client = createServiceClient(clientOptions(service));
    await expect(client.call('getPolicy', { params: { policyId: 'p1' } })).rejects.toMatchObject({
      serviceCode: 'invalid_token_response',
    });
    expect(service.count('getPolicy')).toBe(0);
  });

  it('T5: a short-lived token is reused for half its life when the skew is longer', async () => {
    const service = createFakeService({ expiresIn: 120 });
    const client = createServiceClient(clientOptions(service));
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    vi.setSystemTime(START + 60_000 - 1);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(1);
    vi.setSystemTime(START + 60_000);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.count('createToken')).toBe(2);
  });
});

describe('tenant isolation', () => {
  it('T6: partners A and B, interleaved, get separate tokens and never each other’s', async () => {
    const service = createFakeService();
    const store = createMemoryStore();
    const a = createServiceClient(clientOptions(service, { partnerId: 'lender_a', store }));
    const b = createServiceClient(clientOptions(service, { partnerId: 'lender_b', store }));

    const calls = [];
    for (let i = 0; i < 10; i++) {
      calls.push(a.call('getPolicy', { params: { policyId: `a_${i}` } }));
      calls.push(b.call('getPolicy', { params: { policyId: `b_${i}` } }));
    }
    await Promise.all(calls);

    const tokenPartners = service.of('createToken').map((r) => JSON.parse(r.body).partner_id);
    expect(tokenPartners.sort()).toEqual(['lender_a', 'lender_b']);
    const tokenOf = (partner: string) =>
      service.issued.find(
        (t) =>
          JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()).partner_id ===
          partner,
      );
    for (const r of service.of('getPolicy')) {
      const partner = r.params.policyId?.startsWith('a_') ? 'lender_a' : 'lender_b';
      expect(r.token).toBe(tokenOf(partner));
    }
    expect(await store.getToken(`lir:token:${CLIENT_ID}:lender_a`)).toMatchObject({
      token: tokenOf('lender_a'),
    });
    expect(await store.getToken(`lir:token:${CLIENT_ID}:lender_b`)).toMatchObject({
      token: tokenOf('lender_b'),
    });
    expect(await store.getToken(`lir:token:${CLIENT_ID}:-`)).toBeNull();
  });

  it('T7: nothing a caller passes can pick the partner: only the configured one is sent', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service, { partnerId: 'lender_a' }));
    const sneaky = {
      params: { loanId: 'ln_1', partnerId: 'lender_b', partner_id: 'lender_b' },
      body: { id: 'ln_1', termsOfServiceId: 'tos-1' },
      partnerId: 'lender_b',
      partner_id: 'lender_b',
      headers: { 'X-Partner-Id': 'lender_b' },
      query: { partner_id: 'lender_b' },
    };

    await client.call('recordConsent', sneaky as never);

    expect(service.count('createToken')).toBe(1);
    expect(JSON.parse(service.of('createToken')[0]?.body ?? '').partner_id).toBe('lender_a');
    const req = service.of('recordConsent')[0];
    expect(req?.url).toBe(`${BASE_URL}/v1/loans/consent`);
    expect([...(req?.headers.keys() ?? [])].sort()).toEqual([
      'accept',
      'authorization',
      'content-type',
    ]);
    expect(JSON.parse(req?.body ?? '')).toEqual({ id: 'ln_1', termsOfServiceId: 'tos-1' });
  });
});

describe('401 and 403 from an operation', () => {
  it('T8: a 401 on the cached token invalidates it, refreshes once, retries once, succeeds', async () => {
    let revokedUpTo = 0;
    const service = createFakeService({ acceptToken: (n) => n > revokedUpTo });
    const logger = captureLogger();
    const client = createServiceClient(clientOptions(service, { logger }));
    await client.call('getLoan', loan);

    revokedUpTo = 1;
    const result = await client.call('getLoan', loan);

    expect(result).toMatchObject({ id: 'ln_1' });
    expect(service.count('createToken')).toBe(2);
    expect(service.of('getLoan').map((r) => r.token)).toEqual([
      service.issued[0],
      service.issued[0],
      service.issued[1],
    ]);
    expect(logger.lines.map((l) => l.message)).toEqual([
      'Access token refused; refreshing it and replaying once',
    ]);
  });

  it('T8: the replay after a 401 works for a non-idempotent POST too (a 401 was not processed)', async () => {
    const service = createFakeService();
    service.script('submitLoanApplication', json({ error: { code: 'unauthorized' } }, 401));
    const client = createServiceClient(clientOptions(service));
    await expect(
      client.call('submitLoanApplication', { body: {} as never }),
    ).resolves.toMatchObject({
      id: 'ln_new',
    });
    expect(service.count('submitLoanApplication')).toBe(2);
    expect(service.count('createToken')).toBe(2);
  });

  it('T9: a 401 after the refresh is an UnauthorizedError, with no loop', async () => {
    const service = createFakeService({ acceptToken: () => false });
    const client = createServiceClient(clientOptions(service));

    const error = await client.call('getLoan', loan).catch((e) => e);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.status).toBe(401);
    expect(service.count('getLoan')).toBe(2);
    expect(service.count('createToken')).toBe(2);
  });

  it('T10: 10 in-flight calls that all get 401 with v1 cause one refresh and one retry each', async () => {
    const service = createFakeService();
    const release = gate();
    const unauthorized = async () => {
      await release.promise;
      return json({ error: { code: 'unauthorized', message: 'expired' } }, 401);
    };
    service.script('getLoan', ...Array.from({ length: 10 }, () => unauthorized));
    const client = createServiceClient(clientOptions(service));

    const calls = Array.from({ length: 10 }, () => client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(0);
    expect(service.count('getLoan')).toBe(10);
    release.open();
    await Promise.all(calls);

    expect(service.count('createToken')).toBe(2);
    const tokens = service.of('getLoan').map((r) => r.token);
    expect(tokens.slice(0, 10)).toEqual(Array(10).fill(service.issued[0]));
    expect(tokens.slice(10)).toEqual(Array(10).fill(service.issued[1]));
  });

  it('T11: a late 401 for v1 after v2 is cached makes no refresh and retries with v2', async () => {
    const service = createFakeService();
    const client = createServiceClient(clientOptions(service));
    await client.call('getPolicy', { params: { policyId: 'p0' } });
    const late = gate();
    service.script(
      'getLoan',
      async () => {
        await late.promise;
        return json({}, 401);
      },
      json({}, 401),
    );

    const slow = client.call('getLoan', { params: { loanId: 'ln_slow' } });
    await vi.advanceTimersByTimeAsync(0);
    await client.call('getLoan', { params: { loanId: 'ln_fast' } });
    expect(service.count('createToken')).toBe(2);
    late.open();
    await expect(slow).resolves.toMatchObject({ id: 'ln_slow' });

    expect(service.count('createToken')).toBe(2);
    const slowTokens = service
      .of('getLoan')
      .filter((r) => r.params.loanId === 'ln_slow')
      .map((r) => r.token);
    expect(slowTokens).toEqual([service.issued[0], service.issued[1]]);
    await client.call('getPolicy', { params: { policyId: 'p1' } });
    expect(service.of('getPolicy').at(-1)?.token).toBe(service.issued[1]);
    expect(service.count('createToken')).toBe(2);
  });

  it('T12: a 403 is surfaced without a refresh, and the token stays cached', async () => {
    const service = createFakeService();
    service.script('getLoan', json({ error: { code: 'forbidden', message: 'Forbidden' } }, 403));
    const client = createServiceClient(clientOptions(service));

    const error = await client.call('getLoan', loan).catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 403, serviceCode: 'forbidden' });
    expect(service.count('getLoan')).toBe(1);

    await client.call('getLoan', loan);
    expect(service.count('createToken')).toBe(1);
    expect(service.of('getLoan')[1]?.token).toBe(service.issued[0]);
  });
});

describe('token endpoint failures', () => {
  it.each([
    ['a 503', () => json({ message: 'down' }, 503), ServiceError],
    ['a network error', () => networkFailure(), Error],
  ])(
    'T13: %s reaches every waiter as the same error; the next call tries again',
    async (_, reply, type) => {
      const service = createFakeService();
      service.script('createToken', reply);
      const client = createServiceClient(clientOptions(service, { retry: { attempts: 1 } }));

      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          client.call('getPolicy', { params: { policyId: 'p' } }).catch((e) => e),
        ),
      );

      expect(service.count('createToken')).toBe(1);
      expect(results[0]).toBeInstanceOf(type);
      for (const r of results) expect(r).toBe(results[0]);
      expect(service.count('getPolicy')).toBe(0);

      await client.call('getPolicy', { params: { policyId: 'p' } });
      expect(service.count('createToken')).toBe(2);
    },
  );

  it('T13: within a call, a failed token request is retried after a jittered backoff', async () => {
    const service = createFakeService();
    service.script('createToken', json({}, 503), json({}, 502));
    // A POST: the operation was never sent, so retrying the token request is safe.
    const client = createServiceClient(clientOptions(service, { random: () => 0.5 }));

    const call = track(client.call('submitLoanApplication', { body: {} as never }));
    await vi.advanceTimersByTimeAsync(0);
    expect(service.count('createToken')).toBe(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(service.count('createToken')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.count('createToken')).toBe(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(service.count('createToken')).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await call.promise;

    expect(call.error).toBeUndefined();
    expect(service.of('createToken').map((r) => r.at - START)).toEqual([0, 250, 750]);
    expect(service.count('submitLoanApplication')).toBe(1);
  });

  it.each([400, 401, 403])(
    'T14: a token endpoint %i is a configuration error, with no retry loop and no secret',
    async (status) => {
      const service = createFakeService();
      service.setDefault('createToken', () =>
        json({ error: { message: `bad client_secret ${CLIENT_SECRET}` } }, status),
      );
      const logger = captureLogger();
      const client = createServiceClient(clientOptions(service, { logger }));

      const error = await client.call('getLoan', loan).catch((e) => e);
      await vi.advanceTimersByTimeAsync(60_000);

      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({
        status: 502,
        serviceCode: 'invalid_client_credentials',
        message: 'The service rejected the client credentials',
      });
      expect(service.count('createToken')).toBe(1);
      expect(service.count('getLoan')).toBe(0);
      const everything = JSON.stringify([logger.lines, error, String(error), error.stack]);
      expect(everything).not.toContain(CLIENT_SECRET);
      expect(logger.lines).toEqual([
        expect.objectContaining({ level: 'error', meta: { partnerId: undefined, status } }),
      ]);

      await client.call('getLoan', loan).catch(() => undefined);
      expect(service.count('createToken')).toBe(2);
    },
  );

  it('T15: a token 429 with Retry-After: 5 waits at least 5 s, then succeeds', async () => {
    const service = createFakeService();
    service.script('createToken', rateLimited({ 'Retry-After': '5' }));
    const client = createServiceClient(clientOptions(service, { random: () => 0 }));

    const call = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(service.count('createToken')).toBe(1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await call.promise;

    expect(call.error).toBeUndefined();
    expect(service.of('createToken').map((r) => r.at - START)).toEqual([0, 5_000]);
  });

  it.each([
    ['above maxRetryAfterMs', '60', 60_000],
    ['beyond the deadline', '25', 25_000],
  ])(
    'T15: a token 429 with Retry-After %s fails fast with RateLimitedError',
    async (_, header, ms) => {
      const service = createFakeService();
      service.script('createToken', rateLimited({ 'Retry-After': header }));
      const client = createServiceClient(clientOptions(service));

      const call = track(client.call('getLoan', loan));
      await vi.advanceTimersByTimeAsync(0);

      expect(call.settled).toBe(true);
      expect(call.error).toBeInstanceOf(RateLimitedError);
      expect((call.error as RateLimitedError).retryAfterMs).toBe(ms);
      expect(service.count('createToken')).toBe(1);
      expect(service.count('getLoan')).toBe(0);
    },
  );

  it('T16: a caller aborting mid-refresh does not abort the shared refresh', async () => {
    const service = createFakeService();
    const slow = gate();
    let tokenSignal: AbortSignal | undefined;
    service.script('createToken', async (req: RecordedRequest) => {
      tokenSignal = req.signal;
      await slow.promise;
      return json({ access_token: 'eyJ.shared.token', expires_in: DAY_S });
    });
    const client = createServiceClient(clientOptions(service));
    const controller = new AbortController();

    const first = track(client.call('getLoan', { ...loan, signal: controller.signal }));
    const second = track(client.call('getLoan', loan));
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);

    expect(first.settled).toBe(true);
    expect((first.error as Error).name).toBe('AbortError');
    expect(second.settled).toBe(false);
    expect(tokenSignal?.aborted).toBe(false);

    slow.open();
    await second.promise;
    expect(second.value).toMatchObject({ id: 'ln_1' });
    await client.call('getLoan', loan);
    expect(service.count('createToken')).toBe(1);
    expect(service.of('getLoan').map((r) => r.token)).toEqual([
      'eyJ.shared.token',
      'eyJ.shared.token',
    ]);
  });
});

describe('T17: secret hygiene', () => {
  it('T17: neither the secret nor any issued JWT reaches logs, errors, causes or their JSON', async () => {
    const service = createFakeService();
    const logger = captureLogger();
    const client = createServiceClient(clientOptions(service, { logger, random: () => 0.5 }));
    const errors: unknown[] = [];
    const attempt = async (p: Promise<unknown>) => {
      const t = track(p);
      await vi.advanceTimersByTimeAsync(20_000);
      if (t.error) errors.push(t.error);
    };

    // A service that echoes what it was sent, in every kind of error.
    const echo = (status: number) => (req: RecordedRequest) =>
      json(
        {
          error: {
            code: 'echo',
            message: `got ${req.headers.get('authorization')} ${CLIENT_SECRET}`,
            issues: [{ path: 'x', message: `token ${req.token}` }],
          },
        },
        status,
      );
    service.script('getLoan', echo(401), echo(401));
    await attempt(client.call('getLoan', loan));
    service.script('getLoan', echo(503), echo(503), echo(503));
    await attempt(client.call('getLoan', loan));
    service.script('submitLoanApplication', echo(400));
    await attempt(client.call('submitLoanApplication', { body: {} as never }));
    const plain = (req: RecordedRequest) => text(`plain ${req.token} and ${CLIENT_SECRET}`, 500);
    service.script('getPolicy', plain, plain, plain);
    await attempt(client.call('getPolicy', { params: { policyId: 'p1' } }));
    service.script(
      'getPolicy',
      () => networkFailure(),
      () => networkFailure(),
      () => networkFailure(),
    );
    await attempt(client.call('getPolicy', { params: { policyId: 'p1' } }));
    service.script('getLoan', echo(429), echo(429), echo(429));
    await attempt(client.call('getLoan', loan));
    service.script('getLoan', echo(401));
    service.script('createToken', (req: RecordedRequest) =>
      json({ error: { message: req.body } }, 401),
    );
    await attempt(client.call('getLoan', loan));
    const echoBody = (req: RecordedRequest) => json({ error: { message: req.body } }, 500);
    service.script('createToken', echoBody, echoBody, echoBody);
    await attempt(client.call('getLoan', loan));

    expect(errors).toHaveLength(8);
    expect(service.issued.length).toBeGreaterThanOrEqual(2);
    const secrets = [CLIENT_SECRET, ...service.issued];
    const seen = [
      JSON.stringify(logger.lines),
      ...errors.flatMap((e) => {
        const err = e as Error & { cause?: unknown };
        return [
          err.message,
          String(err),
          err.stack ?? '',
          JSON.stringify(err),
          JSON.stringify(err.cause ?? null),
          String(err.cause ?? ''),
        ];
      }),
    ].join('\n');
    for (const secret of secrets) expect(seen).not.toContain(secret);
    expect(seen).toContain('[redacted]');
    expect(logger.lines.length).toBeGreaterThan(0);
  });
});

// Keeps the import of `loanBody` meaningful for readers: the default answer is that body.
it('T1: the answer is parsed with the operation’s schema', async () => {
  const service = createFakeService();
  const client = createServiceClient(clientOptions(service));
  await expect(client.call('getLoan', loan)).resolves.toEqual(loanBody('ln_1'));
});
