import { describe, expect, it } from 'vitest';
import {
  ConsentRequiredError,
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

  it('B17: internal fields of a success answer (_internal, stack, debug, __proto__) are dropped at any depth; other unknown fields pass', async () => {
    const { send } = setup({
      responder: (name, options) =>
        name === 'getQuoteDisplay'
          ? JSON.parse(
              '{"id":"loan_a1","status":"RC1_RATED","_internal":{"db":"x"},"stack":"at x","debug":true,' +
                '"__proto__":{"admin":true},"quotes":[{"id":"q1","premium":1200,"_score":0.3,"trace":"t"}],' +
                '"shortHostedDisplayUrl":"https://s.example/x"}',
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
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("B17: a 4xx from the service keeps its status and a safe code, with the typed error's message only", async () => {
    const { send } = setup({
      responder: failing(new ServiceError(409, 'loan_closed', 'The loan application is closed')),
    });
    const res = await send('PATCH', '/loans/loan_a1/shop');
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: { code: 'loan_closed', message: 'The loan application is closed' },
    });
    const odd = setup({
      responder: failing(new ServiceError(403, 'Weird Code!\n', 'x'.repeat(1000))),
    });
    const res2 = await odd.send('PATCH', '/loans/loan_a1/shop');
    expect(res2.status).toBe(403);
    expect(res2.json.error.code).toBe('http_403');
    expect(res2.json.error.message.length).toBeLessThanOrEqual(200);
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
    ['NetworkError', new NetworkError(), 502, { code: 'network_error' }, null],
    ['NotFoundError', new NotFoundError('Loan not found'), 404, { code: 'not_found' }, null],
    [
      'ConsentRequiredError',
      new ConsentRequiredError('consent'),
      409,
      { code: 'consent_required', consent: 'consent' },
      null,
    ],
    [
      'ValidationError',
      new ValidationError([{ path: 'x', message: 'bad' }]),
      400,
      { code: 'validation_error', issues: [{ path: 'x', message: 'bad' }] },
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
  ])('maps %s to %i', async (_name, error, status, body, retryAfter) => {
    const { send } = setup({ responder: failing(error) });
    const res = await send('GET', '/loans/loan_a1/shop');
    expect(res.status).toBe(status);
    expect(res.json.error).toMatchObject(body);
    expect(res.headers.get('retry-after')).toBe(retryAfter);
    expect(hasSecurityHeaders(res.headers)).toBe(true);
  });

  it('a new loan answers 201 and is linked by externalId (else loanNumber) for events, scoped to the partner', async () => {
    const { send, relay } = setup({ partnerId: 'lender_7' });
    const res = await send('POST', '/loans', {
      body: loanApplication({ loanNumber: 'LN-77', externalId: 'EXT-77' }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual(
      loanFixture('loan_new', { loanNumber: 'LN-77', externalId: 'EXT-77' }),
    );
    const loanId = await relay.publish({
      id: 'evt_ext',
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: '2026-03-02T15:00:00Z',
      data: { partnerId: 'lender_7', externalId: 'EXT-77' },
    });
    expect(loanId).toBe('loan_new');
  });
});
