import { describe, expect, it } from 'vitest';
import type { InsuranceErrorCode } from '../../src/core/index.js';
import {
  ConsentRequiredError,
  errorFromResponse,
  InsuranceError,
  NetworkError,
  NotFoundError,
  parseRetryAfter,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  toErrorBody,
  UnauthorizedError,
  ValidationError,
} from '../../src/core/index.js';

const json = (value: unknown) => JSON.stringify(value);
const ours = (error: Record<string, unknown>) => json({ error });

describe('errorFromResponse: our JSON body', () => {
  it('400 with issues → ValidationError carrying the issues and message', () => {
    const issues = [
      { path: 'borrowers.0.email', message: 'Enter an email address like name@example.com' },
      { path: 'loanType', message: 'Choose a loan type' },
    ];
    const error = errorFromResponse({
      status: 400,
      body: ours({ code: 'validation_error', message: 'Invalid input', issues }),
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual(issues);
    expect(error.message).toBe('Invalid input');
    expect(error.status).toBe(400);
    expect((error as ValidationError).fieldErrors()).toEqual({
      'borrowers.0.email': 'Enter an email address like name@example.com',
      loanType: 'Choose a loan type',
    });
  });

  it('422 with issues → ValidationError; malformed issues are skipped, a missing path is ""', () => {
    const error = errorFromResponse({
      status: 422,
      body: ours({
        message: 'Bad',
        issues: [
          { message: 'whole input' },
          { path: 3, message: 'x' },
          'junk',
          null,
          { path: 'a' },
        ],
      }),
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: '', message: 'whole input' },
      { path: '', message: 'x' },
    ]);
  });

  it('400 with code validation_error and no issues → ValidationError with no issues', () => {
    const error = errorFromResponse({
      status: 400,
      body: ours({ code: 'validation_error', message: 'm' }),
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([]);
  });

  it('400 with another code and no issues → ServiceError with that code', () => {
    const error = errorFromResponse({
      status: 400,
      body: ours({ code: 'bad_request', message: 'Nope' }),
    });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, serviceCode: 'bad_request', message: 'Nope' });
  });

  it('401 → UnauthorizedError (body message, or the default)', () => {
    const e1 = errorFromResponse({
      status: 401,
      body: ours({ code: 'unauthorized', message: 'Session expired' }),
    });
    expect(e1).toBeInstanceOf(UnauthorizedError);
    expect(e1).toMatchObject({ code: 'unauthorized', status: 401, message: 'Session expired' });
    const e2 = errorFromResponse({ status: 401, body: '' });
    expect(e2).toBeInstanceOf(UnauthorizedError);
    expect(e2.message).toBe('Not authorized');
  });

  it('404 → NotFoundError', () => {
    const error = errorFromResponse({
      status: 404,
      body: ours({ code: 'not_found', message: 'No such loan' }),
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'No such loan' });
  });

  it.each([
    ['tcpa', 'tcpa'],
    ['consent', 'consent'],
    [undefined, 'tcpa'],
    ['something-else', 'tcpa'],
  ])('409 consent_required with consent %j → ConsentRequiredError(%j)', (consent, kind) => {
    const error = errorFromResponse({
      status: 409,
      body: ours({ code: 'consent_required', message: 'Record consent first', consent }),
    });
    expect(error).toBeInstanceOf(ConsentRequiredError);
    expect(error).toMatchObject({
      code: 'consent_required',
      consent: kind,
      status: 409,
      message: 'Record consent first',
    });
  });

  it('consent_required without a message gets the default message of its kind', () => {
    const tcpa = errorFromResponse({ status: 409, body: ours({ code: 'consent_required' }) });
    const consent = errorFromResponse({
      status: 409,
      body: ours({ code: 'consent_required', consent: 'consent' }),
    });
    expect(tcpa.message).toMatch(/TCPA consent/);
    expect(consent.message).toMatch(
      /Consent must be recorded before the loan application is shopped/,
    );
  });

  it('429 with retryAfterSeconds in the body → RateLimitedError with retryAfterMs', () => {
    const error = errorFromResponse({
      status: 429,
      body: ours({ code: 'rate_limited', message: 'Slow down', retryAfterSeconds: 20 }),
    });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 20_000,
      message: 'Slow down',
    });
  });

  it('429: the Retry-After header wins over the body; a negative body value is ignored', () => {
    const e1 = errorFromResponse({
      status: 429,
      body: ours({ code: 'rate_limited', message: 'm', retryAfterSeconds: 20 }),
      retryAfter: '3',
    });
    expect((e1 as RateLimitedError).retryAfterMs).toBe(3000);
    const e2 = errorFromResponse({ status: 429, body: ours({ retryAfterSeconds: -5 }) });
    expect((e2 as RateLimitedError).retryAfterMs).toBeUndefined();
    const e3 = errorFromResponse({ status: 429, body: ours({ retryAfterSeconds: '5' }) });
    expect((e3 as RateLimitedError).retryAfterMs).toBeUndefined();
  });

  it('other statuses → ServiceError carrying status, serviceCode and message', () => {
    const error = errorFromResponse({
      status: 409,
      body: ours({ code: 'loan_closed', message: 'Closed' }),
    });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      code: 'service_error',
      status: 409,
      serviceCode: 'loan_closed',
      message: 'Closed',
    });
  });
});

describe('errorFromResponse: the service documented 429 and other shapes', () => {
  it('R10: plain-text 429 "Rate limit exceeded" → RateLimitedError, retryAfterMs from the header', () => {
    const error = errorFromResponse({ status: 429, body: 'Rate limit exceeded', retryAfter: '2' });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toBe('Rate limit exceeded');
    expect((error as RateLimitedError).retryAfterMs).toBe(2000);
  });

  it('R10: plain-text 429 without Retry-After → retryAfterMs undefined', () => {
    const error = errorFromResponse({
      status: 429,
      body: 'Rate limit exceeded\n',
      retryAfter: null,
    });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toBe('Rate limit exceeded');
    expect((error as RateLimitedError).retryAfterMs).toBeUndefined();
  });

  it('R7: 429 with an HTTP-date Retry-After uses the given now', () => {
    const now = Date.parse('2031-01-01T11:59:58Z');
    const error = errorFromResponse(
      { status: 429, body: '', retryAfter: 'Wed, 01 Jan 2031 12:00:00 GMT' },
      now,
    );
    expect((error as RateLimitedError).retryAfterMs).toBe(2000);
    expect(error.message).toBe('Rate limit exceeded');
  });

  it('a JSON body of another shape ({"message":"x"}) keeps the message', () => {
    const error = errorFromResponse({ status: 500, body: json({ message: 'x' }) });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 500, serviceCode: 'http_500', message: 'x' });
  });

  it('a top-level {code, message} body is read like ours', () => {
    const error = errorFromResponse({
      status: 404,
      body: json({ code: 'not_found', message: 'Gone' }),
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('Gone');
  });

  it('an OAuth-style {"error":"invalid_client"} body falls back to the status', () => {
    const e1 = errorFromResponse({ status: 401, body: json({ error: 'invalid_client' }) });
    expect(e1).toBeInstanceOf(UnauthorizedError);
    const e2 = errorFromResponse({ status: 400, body: json({ error: 'invalid_request' }) });
    expect(e2).toBeInstanceOf(ServiceError);
    expect(e2).toMatchObject({
      serviceCode: 'http_400',
      message: 'Request failed with status 400',
    });
  });

  it('non-string code and message are ignored', () => {
    const error = errorFromResponse({
      status: 503,
      body: ours({ code: 42, message: { text: 'x' } }),
    });
    expect(error).toMatchObject({
      serviceCode: 'http_503',
      message: 'Request failed with status 503',
    });
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   \n'],
  ])('an %s body → ServiceError with a generic message', (_label, body) => {
    const error = errorFromResponse({ status: 503, body });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      status: 503,
      serviceCode: 'http_503',
      message: 'Request failed with status 503',
    });
  });

  it('an HTML body is trimmed and truncated to 200 characters', () => {
    const html = `  <html><body><h1>502 Bad Gateway</h1>${'<p>filler</p>'.repeat(100)}TAIL</body></html>  `;
    const error = errorFromResponse({ status: 502, body: html });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message.length).toBeLessThanOrEqual(200);
    expect(error.message.startsWith('<html><body><h1>502 Bad Gateway</h1>')).toBe(true);
    expect(error.message).not.toContain('TAIL');
  });

  it('a JSON scalar body is read as text', () => {
    expect(errorFromResponse({ status: 500, body: 'null' }).message).toBe('null');
    expect(errorFromResponse({ status: 500, body: '"oops"' }).message).toBe('"oops"');
  });
});

describe('toErrorBody round-trips through errorFromResponse', () => {
  const roundTrip = (error: InsuranceError, status = error.status ?? 500) =>
    errorFromResponse({ status, body: json(toErrorBody(error)) });

  it.each([
    ['ValidationError', new ValidationError([{ path: 'loanType', message: 'Choose a loan type' }])],
    ['ValidationError without issues', new ValidationError([])],
    ['UnauthorizedError', new UnauthorizedError('Session expired')],
    ['NotFoundError', new NotFoundError()],
    ['ConsentRequiredError tcpa', new ConsentRequiredError('tcpa')],
    ['ConsentRequiredError consent', new ConsentRequiredError('consent', 'Record consent')],
    ['ConsentRequiredError with status 428', new ConsentRequiredError('consent', undefined, 428)],
    ['RateLimitedError with a wait', new RateLimitedError(20_000)],
    ['RateLimitedError without a wait', new RateLimitedError()],
    ['ServiceError', new ServiceError(409, 'loan_closed', 'The loan application is closed')],
    ['ServiceError invalid_response', new ServiceError(502, 'invalid_response', 'Unexpected (id)')],
  ] as const)('%s keeps its class, code, status, message and extras', (_label, error) => {
    const back = roundTrip(error);
    expect(back.constructor).toBe(error.constructor);
    expect(back.code).toBe(error.code);
    expect(back.status).toBe(error.status);
    expect(back.message).toBe(error.message);
    expect(toErrorBody(back)).toEqual(toErrorBody(error));
  });

  it('RateLimitedError rounds the wait up to whole seconds', () => {
    const back = roundTrip(new RateLimitedError(1500)) as RateLimitedError;
    expect(back.retryAfterMs).toBe(2000);
    expect(toErrorBody(new RateLimitedError(1)).error.retryAfterSeconds).toBe(1);
  });

  // NetworkError and TimeoutError carry no status; a BFF relays them with a 5xx. Their body code
  // ('network_error' / 'timeout') tells the UI the request may be retried with the same key.
  it.each([
    ['TimeoutError', 504, new TimeoutError()],
    ['NetworkError', 502, new NetworkError()],
  ] as const)('%s relayed with status %i comes back as the same class', (_label, status, error) => {
    const back = roundTrip(error, status);
    expect(back.constructor).toBe(error.constructor);
    expect(back.code).toBe(error.code);
    expect(back.message).toBe(error.message);
  });

  it('toErrorBody has only the documented keys (no stack, no cause, no status)', () => {
    const body = toErrorBody(new NetworkError('Network error', new Error('ECONNREFUSED')));
    expect(body).toStrictEqual({ error: { code: 'network_error', message: 'Network error' } });
    const consent = toErrorBody(new ConsentRequiredError('tcpa'));
    expect(Object.keys(consent.error).sort()).toEqual(['code', 'consent', 'message']);
  });
});

describe('the error classes', () => {
  const cases: [string, InsuranceErrorCode, InsuranceError][] = [
    ['ValidationError', 'validation_error', new ValidationError([])],
    ['UnauthorizedError', 'unauthorized', new UnauthorizedError()],
    ['NotFoundError', 'not_found', new NotFoundError()],
    ['ConsentRequiredError', 'consent_required', new ConsentRequiredError('tcpa')],
    ['RateLimitedError', 'rate_limited', new RateLimitedError()],
    ['ServiceError', 'service_error', new ServiceError(500, 'boom', 'Boom')],
    ['NetworkError', 'network_error', new NetworkError()],
    ['TimeoutError', 'timeout', new TimeoutError()],
  ];

  it.each(cases)(
    '%s is an InsuranceError and an Error with the stable code %s',
    (name, code, error) => {
      expect(error).toBeInstanceOf(InsuranceError);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe(code);
      expect(error.name).toBe(name);
      expect(typeof error.message).toBe('string');
      expect(error.message.length).toBeGreaterThan(0);
    },
  );

  it('has the documented default statuses', () => {
    expect(new ValidationError([]).status).toBe(400);
    expect(new UnauthorizedError().status).toBe(401);
    expect(new NotFoundError().status).toBe(404);
    expect(new ConsentRequiredError('tcpa').status).toBe(409);
    expect(new RateLimitedError().status).toBe(429);
    expect(new NetworkError().status).toBeUndefined();
    expect(new TimeoutError().status).toBeUndefined();
  });

  it('keeps a cause without putting it in the message', () => {
    const cause = new Error('connect ECONNREFUSED 10.0.0.1:443');
    const error = new NetworkError(undefined, cause);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('Network error');
  });

  it('messages never contain a provided secret', () => {
    const secret = 'cs_live_SECRET_abc123';
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig';
    const signedUrl = 'https://docs.example/d1?X-Amz-Signature=deadbeef';
    const errors: InsuranceError[] = [
      ...cases.map(([, , e]) => e),
      new NetworkError(undefined, new Error(`POST failed with client_secret=${secret}`)),
      new TimeoutError(undefined, new Error(token)),
      // the secret in fields other than the message
      errorFromResponse({
        status: 400,
        body: ours({ code: 'validation_error', message: 'Invalid', client_secret: secret, token }),
      }),
      errorFromResponse({
        status: 401,
        body: json({ error: { code: 'unauthorized', detail: token } }),
      }),
      errorFromResponse({ status: 429, body: 'Rate limit exceeded', retryAfter: secret }),
      errorFromResponse({ status: 500, body: json({ error: secret }) }),
      // a long upstream page whose secret sits past the 200-character cut
      errorFromResponse({ status: 502, body: `${'x'.repeat(250)} ${secret} ${signedUrl}` }),
    ];
    for (const error of errors) {
      const text = `${error.message} ${JSON.stringify(toErrorBody(error))}`;
      expect(text).not.toContain(secret);
      expect(text).not.toContain(token);
      expect(text).not.toContain('X-Amz-Signature');
    }
  });
});

describe('parseRetryAfter', () => {
  const NOW = Date.parse('2031-01-01T11:59:58Z');

  it.each([
    ['2', 2000],
    ['0', 0],
    ['120', 120_000],
    [' 2 ', 2000],
    ['007', 7000],
  ])('R6: delay-seconds %j → %i ms', (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });

  it('R7: an IMF-fixdate 2 s ahead of now → 2000 ms', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2031 12:00:00 GMT', NOW)).toBe(2000);
  });

  it('R7: a date in the past → 0', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2031 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
  });

  it('uses Date.now() when no now is given', () => {
    const at = new Date(Date.now() + 60_000);
    at.setUTCMilliseconds(0);
    const ms = parseRetryAfter(at.toUTCString()) as number;
    expect(ms).toBeGreaterThan(58_000);
    expect(ms).toBeLessThanOrEqual(60_000);
  });

  it.each([
    '-1',
    '1.5',
    '1e3',
    '１２', // full-width digits
    '1, 2',
    'Wed, 01 Jan 2031 12:00:00 UTC',
    '2031-01-01T12:00:00Z',
    '',
    '   ',
    '+2',
    '0x10',
    '2 seconds',
    'Wednesday, 01-Jan-31 12:00:00 GMT', // RFC 850: obsolete, ignored
    'Wed Jan  1 12:00:00 2031', // asctime: obsolete, ignored
    '99999999999', // 11 digits
    'NaN',
    'Infinity',
  ])('R8: the invalid value %j → undefined', (header) => {
    expect(parseRetryAfter(header, NOW)).toBeUndefined();
  });

  it('R9: "2147483648" → a finite number of ms, not capped (capping is the client\'s job)', () => {
    const ms = parseRetryAfter('2147483648', NOW);
    expect(ms).toBe(2_147_483_648_000);
    expect(Number.isFinite(ms)).toBe(true);
    // larger than setTimeout's 2^31-1 ms limit: a caller must clamp before scheduling a timer
    expect(ms).toBeGreaterThan(2 ** 31 - 1);
  });

  it('R9: null and undefined → undefined', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});
