import { describe, expect, it } from 'vitest';
import {
  ConsentRequiredError,
  errorFromResponse,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from '../../../src/server/index.js';
import {
  cannedResponder,
  hasSecurityHeaders,
  loanApplication,
  loanFixture,
  setup,
} from './helpers.js';

const failing = (error: unknown) => () => {
  throw error;
};

/** What the service client makes of an error response (its body already cut and redacted). */
const upstream = (status: number, body: unknown, retryAfter?: string) =>
  errorFromResponse({
    status,
    body: typeof body === 'string' ? body : JSON.stringify({ error: body }),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });

// Personal data a service might echo in an error.
const PERSONAL = /avery@example\.com|207-555-0142|123-45-6789|123456789/;

describe('error hygiene and mapping', () => {
  it('B23: an unexpected exception becomes 500 internal_error with no message, stack or trace; security headers present; logged without the message', async () => {
    const error = new Error('boom with stack');
    const { send, logger } = setup({ responder: failing(error) });
    const res = await send('GET', '/loans/loan_a1');
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: { code: 'internal_error', message: 'Internal error' } });
    expect(res.text).not.toContain('boom');
    expect(res.text).not.toMatch(/stack|trace|at .*\.ts|Error:/);
    expect(hasSecurityHeaders(res.headers)).toBe(true);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'insurance bff: unexpected error',
        meta: { operation: 'getLoan', error: 'Error' },
      },
    ]);
  });

  it('B23: a thrown non-Error (a string, an object) is a 500 too', async () => {
    for (const thrown of ['secret string', { stack: 'x', token: 'eyJ' }, null]) {
      const { send } = setup({ responder: failing(thrown) });
      const res = await send('PATCH', '/loans/loan_a1/shop');
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('secret');
      expect(res.text).not.toContain('eyJ');
    }
  });

  it('B17: an upstream 5xx carrying a stack or internal text answers a generic 502 with a stable code', async () => {
    const { send } = setup({
      responder: failing(
        new ServiceError(
          500,
          'http_500',
          'NullPointerException at com.vendor.LoanService(LoanService.java:42)',
        ),
      ),
    });
    const res = await send('GET', '/loans/loan_a1/display');
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      error: { code: 'service_error', message: 'The insurance service could not answer' },
    });
  });

  it('B17: internal fields of a success answer (_internal, stack, debug, __proto__) are dropped at any depth, like every other field the library does not know', async () => {
    const { send } = setup({
      responder: (name, options) =>
        name === 'getQuoteDisplay'
          ? JSON.parse(
              '{"id":"loan_a1","status":"RC1_RATED","_internal":{"db":"x"},"stack":"at x","debug":true,' +
                '"__proto__":{"admin":true},"quotes":[{"id":"q1","premium":1200,"_score":0.3,"trace":"t","rank":2}],' +
                '"partnerScore":3,"shortHostedDisplayUrl":"https://s.example/x"}',
            )
          : cannedResponder(name, options),
    });
    const res = await send('GET', '/loans/loan_a1/display');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: 'loan_a1',
      status: 'RC1_RATED',
      quotes: [{ id: 'q1', premium: 1200 }],
      shortHostedDisplayUrl: 'https://s.example/x',
      hostedDisplayUrl: '',
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('B36: an upstream refusal of a dwelling detail the library passed on unknown is shown on that field', async () => {
    const refused = upstream(400, {
      issues: [
        { path: 'property.dwellingInfo.roofType', message: 'Unknown roof type Thatch' },
        { path: 'property.internalScore', message: 'below threshold' },
      ],
    });
    const { send } = setup({ responder: failing(refused) });
    const application = loanApplication({
      property: { ...loanApplication().property, dwellingInfo: { roofType: 'Thatch' } },
    });
    const res = await send('POST', '/loans', { body: application });
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      { path: 'property.dwellingInfo.roofType', message: 'This value was not accepted' },
    ]);
  });

  it("B36: an upstream 400 or 422 answers validation_error in the library's words, keeping only issues that name a field of the input, none in the service's words", async () => {
    const refused = upstream(422, {
      code: 'unprocessable',
      message: 'Rule R-7 rejected avery@example.com (SSN 123-45-6789) at com.vendor.Validator',
      issues: [
        { path: 'borrowers[0].email', message: 'avery@example.com is on a block list' },
        { path: 'borrowers.0.ssn', message: 'SSN 123456789 does not match' },
        { path: '$.internal.riskScore', message: 'score 0.2 is below 0.4' },
        { path: 'loanNumber', message: 'Loan number is required' },
      ],
    });
    const { send, logger } = setup({ responder: failing(refused) });
    const res = await send('POST', '/loans', { body: loanApplication() });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'Some details were not accepted; check them and try again',
        issues: [
          { path: 'borrowers.0.email', message: 'This value was not accepted' },
          // Even words that happen to be the library's are the service's here.
          { path: 'loanNumber', message: 'This value was not accepted' },
        ],
      },
    });
    expect(res.text).not.toMatch(/vendor|R-7|ssn|riskScore|block list|avery/i);
    // What the service said stays in the lender's log, with personal data masked.
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: expect.any(String),
        meta: expect.objectContaining({
          operation: 'submitLoanApplication',
          text: 'Rule R-7 rejected [email] (SSN [number]) at com.vendor.Validator',
          issues: [
            'borrowers[0].email: [email] is on a block list',
            'borrowers.0.ssn: SSN [number] does not match',
            '$.internal.riskScore: score 0.2 is below 0.4',
            'loanNumber: Loan number is required',
          ],
        }),
      },
    ]);
    expect(JSON.stringify(logger.lines)).not.toMatch(PERSONAL);

    const bare = setup({
      responder: failing(new ServiceError(422, 'unprocessable', 'Bad row 77')),
    });
    const res2 = await bare.send('POST', '/loans', { body: loanApplication() });
    expect(res2.status).toBe(400);
    expect(res2.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'Some details were not accepted; check them and try again',
        issues: [],
      },
    });

    // The BFF's own validation is in the library's words already: answered as it is, not logged.
    const local = setup();
    const res3 = await local.send('POST', '/loans/loan_a1/consent', {
      body: { termsOfServiceId: '' },
    });
    expect(res3.json.error).toEqual({
      code: 'validation_error',
      message: 'Terms of service id is required',
      issues: [{ path: 'termsOfServiceId', message: 'Terms of service id is required' }],
    });
    expect(local.logger.lines).toEqual([]);
  });

  it("B36: an upstream 401 or 403 is a 502 service_error, logged as the service refusing the server's credentials or the partner's permissions for that operation", async () => {
    const forbidden = setup({
      responder: failing(
        upstream(403, { code: 'forbidden', message: 'Partner p_77 lacks scope shop' }),
      ),
    });
    const res = await forbidden.send('PATCH', '/loans/loan_a1/shop');
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      error: { code: 'service_error', message: 'The insurance service could not answer' },
    });
    expect(forbidden.logger.lines).toEqual([
      {
        level: 'error',
        message:
          "insurance bff: the service refused the partner's credentials or permissions for this operation",
        meta: {
          operation: 'shopLoan',
          status: 403,
          code: 'forbidden',
          text: 'Partner p_77 lacks scope shop',
        },
      },
    ]);

    const unauthorized = setup({ responder: failing(upstream(401, 'Token expired')) });
    expect((await unauthorized.send('GET', '/loans/loan_a1/display')).status).toBe(502);
    expect(unauthorized.logger.lines).toEqual([
      {
        level: 'error',
        message: 'insurance bff: the service refused the server credentials',
        meta: expect.objectContaining({ operation: 'getQuoteDisplay', status: 401 }),
      },
    ]);
  });

  it.each([
    [
      '404',
      upstream(404, { code: 'loan_missing', message: 'Loan ln_9 of avery@example.com not found' }),
      404,
      { code: 'not_found', message: 'Not found' },
    ],
    [
      '409 loan_closed',
      new ServiceError(409, 'loan_closed', 'Closed by jdoe@vendor.example after review 7731'),
      409,
      { code: 'loan_closed', message: 'The loan application is closed' },
    ],
    [
      '409 consent_required',
      upstream(409, {
        code: 'consent_required',
        consent: 'tcpa',
        message: 'No TCPA for 207-555-0142',
      }),
      409,
      {
        code: 'consent_required',
        consent: 'tcpa',
        message: 'TCPA consent must be recorded before a call can be scheduled or requested',
      },
    ],
    [
      '409 with a code the library does not define',
      new ServiceError(409, 'not_rated', 'Rating engine v2 busy for tenant 7741'),
      409,
      {
        code: 'conflict',
        message: 'The request conflicts with the current state of the loan application',
      },
    ],
    [
      '429',
      upstream(429, 'Rate limit exceeded for partner p_77', '7'),
      429,
      {
        code: 'rate_limited',
        message: 'Too many requests; try again shortly',
        retryAfterSeconds: 7,
      },
    ],
    [
      '410',
      new ServiceError(410, 'gone', 'Purged by job 5521'),
      400,
      { code: 'request_refused', message: 'The insurance service refused the request' },
    ],
    [
      '402',
      upstream(402, { code: 'payment_required', message: 'Invoice 88 unpaid' }),
      400,
      { code: 'request_refused', message: 'The insurance service refused the request' },
    ],
    [
      'error naming the timeout code',
      upstream(504, { code: 'timeout', message: 'db-7 at 10.0.0.7 timed out' }),
      504,
      { code: 'timeout', message: 'The request timed out' },
    ],
    [
      '503',
      upstream(503, 'upstream db-7 down'),
      502,
      { code: 'service_error', message: 'The insurance service could not answer' },
    ],
  ])(
    "B36: an upstream %s answers with the library's status, code and message; the service's text is only in the log",
    async (_name, error, status, body) => {
      const { send, logger } = setup({ responder: failing(error) });
      const res = await send('GET', '/loans/loan_a1/display');
      expect(res.status).toBe(status);
      expect(res.json).toEqual({ error: body });
      expect(res.text).not.toContain(error.message);
      expect(logger.lines).toHaveLength(1);
      expect(logger.lines[0]?.meta).toMatchObject({
        operation: 'getQuoteDisplay',
        text: expect.stringMatching(/\S/),
      });
      expect(JSON.stringify(logger.lines)).not.toMatch(PERSONAL);
    },
  );

  it('B36: the log masks e-mail addresses and runs of seven digits or more (phone numbers, SSNs) in what the service said', async () => {
    const { send, logger } = setup({
      responder: failing(
        new ServiceError(
          409,
          'not_rated',
          'Call avery.stone+x@example.com at (207) 555-0142 or +1 207.555.0142; SSN 123-45-6789, id 123456789; loan 42 rated 2 times',
        ),
      ),
    });
    await send('GET', '/loans/loan_a1/display');
    expect(logger.lines.map((line) => line.meta?.text)).toEqual([
      'Call [email] at [number] or +[number]; SSN [number], id [number]; loan 42 rated 2 times',
    ]);
  });

  it.each([
    [
      'RateLimitedError with a wait',
      new RateLimitedError(2_500),
      429,
      { code: 'rate_limited', retryAfterSeconds: 3 },
      '3',
    ],
    [
      'RateLimitedError without a wait',
      new RateLimitedError(),
      429,
      { code: 'rate_limited', retryAfterSeconds: 5 },
      '5',
    ],
    ['TimeoutError', new TimeoutError(), 504, { code: 'timeout' }, null],
    [
      "NetworkError (the server could not reach the service: not the borrower's connection)",
      new NetworkError(),
      502,
      { code: 'service_error' },
      null,
    ],
    ['NotFoundError', new NotFoundError('Loan not found'), 404, { code: 'not_found' }, null],
    [
      'ConsentRequiredError',
      new ConsentRequiredError('consent'),
      409,
      { code: 'consent_required', consent: 'consent' },
      null,
    ],
    [
      'ValidationError (its issue names no input field of this operation)',
      new ValidationError([{ path: 'x', message: 'bad' }]),
      400,
      { code: 'validation_error', issues: [] },
      null,
    ],
    [
      'UnauthorizedError (the server credentials, not the browser session)',
      new UnauthorizedError(),
      502,
      { code: 'service_error' },
      null,
    ],
    [
      'ServiceError 503',
      new ServiceError(503, 'unavailable', 'down'),
      502,
      { code: 'service_error' },
      null,
    ],
    [
      'ServiceError invalid_response',
      new ServiceError(502, 'invalid_response', 'Unexpected response'),
      502,
      { code: 'service_error' },
      null,
    ],
  ])('maps %s to its status and code', async (_name, error, status, body, retryAfter) => {
    const { send } = setup({ responder: failing(error) });
    const res = await send('GET', '/loans/loan_a1/shop');
    expect(res.status).toBe(status);
    expect(res.json.error).toMatchObject(body);
    expect(res.headers.get('retry-after')).toBe(retryAfter);
    expect(hasSecurityHeaders(res.headers)).toBe(true);
  });

  it('a new loan answers 201 and is linked by the external id the BFF gave it for events, scoped to the partner', async () => {
    const { send, relay, calls } = setup({ partnerId: 'lender_7' });
    const res = await send('POST', '/loans', { body: loanApplication({ loanNumber: 'LN-77' }) });
    expect(res.status).toBe(201);
    const externalId = (calls[0]?.options.body as { externalId?: string } | undefined)?.externalId;
    expect(res.json).toEqual(loanFixture('loan_new', { loanNumber: 'LN-77', externalId }));
    const event = (partnerId: string) => ({
      id: `evt_ext_${partnerId}`,
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: '2026-03-02T15:00:00Z',
      data: { partnerId, externalId },
    });
    expect(await relay.publish(event('lender_7'))).toBe('loan_new');
    expect(await relay.publish(event('lender_8'))).toBeNull();
  });
});
