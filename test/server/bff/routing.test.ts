import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN } from '../../../src/server/index.js';
import {
  BASE,
  browserRequest,
  hasSecurityHeaders,
  loanApplication,
  ORIGIN,
  readResponse,
  setup,
} from './helpers.js';

describe('routing through the operation table', () => {
  it.each([
    ['/api/insurance/admin'],
    ['/api/insurance/v1/auth/token'],
    ['/api/insurance/../v1/auth/token'],
    ['/api/insurance/%2e%2e/v1/auth/token'],
    ['/api/insurance/%2E%2E/%2E%2E/lenders/v1/auth/token'],
    ['/api/insurance/loans/loan_a1/../../v1/auth/token'],
    ['/api/insurance/auth/token'],
    ['/api/insurance'],
    ['/api/insurance/'],
    ['/api/insurancex/loans'],
    ['/v1/loans/loan_a1'],
    ['/admin'],
  ])('B1: %s answers 404 with a JSON error and no upstream call', async (path) => {
    const { bff, calls } = setup();
    const res = await readResponse(
      await bff.handler(browserRequest('POST', '', { url: `${ORIGIN}${path}`, body: {} })),
    );
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    expect(hasSecurityHeaders(res.headers)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('B1: a custom basePath is the only prefix served', async () => {
    const { bff, calls } = setup({ basePath: '/bff/' });
    const ok = await bff.handler(browserRequest('GET', '', { url: `${ORIGIN}/bff/loans/loan_a1` }));
    expect(ok.status).toBe(200);
    const old = await bff.handler(browserRequest('GET', '/loans/loan_a1'));
    expect(old.status).toBe(404);
    const traversal = await bff.handler(
      browserRequest('GET', '', { url: `${ORIGIN}/bff/../lenders/v1/loans/loan_a1` }),
    );
    expect(traversal.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('B1: GET on the token path is a 404 too, never a proxy', async () => {
    const { send, calls } = setup();
    expect((await send('GET', '/v1/auth/token')).status).toBe(404);
    expect((await send('GET', '/../../lenders/v1/loans/loan_a1')).status).toBe(404);
    expect(calls).toEqual([]);
  });

  it.each([
    ['GET', '/loans/loan_a1/quotes/q1/select', 'POST'],
    ['DELETE', '/loans/loan_a1', 'GET'],
    ['PUT', '/loans', 'POST'],
    ['POST', '/loans/loan_a1/shop', 'PATCH, GET'],
    ['POST', '/loans/loan_a1/events', 'GET'],
    ['PATCH', '/loans/loan_a1/consent/tcpa', 'POST, GET'],
  ])('B2: %s %s answers 405 with Allow: %s and no upstream call', async (method, path, allow) => {
    const { send, calls } = setup();
    const res = await send(method, path, method === 'GET' ? {} : { body: {} });
    expect(res.status).toBe(405);
    expect(res.json.error.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')?.split(', ').sort()).toEqual(allow.split(', ').sort());
    expect(hasSecurityHeaders(res.headers)).toBe(true);
    expect(calls).toEqual([]);
  });

  // Each id as it would appear in the request line, and what the URL parser makes of it.
  it.each([
    ['%2e%2e', 404], // the URL parser reads it as `..`: /api/insurance/loans/%2e%2e/shop → /api/insurance/shop
    ['.', 405], // `.` segments are removed: /loans/shop is get loan `shop`, which PATCH is not
    ['..%2F..%2Fauth%2Ftoken', 400],
    ['a%2Fb', 400],
    ['a%2fb', 400],
    ['%00', 400],
    ['a%00b', 400],
    ['%C3%A9t%C3%A9', 400],
    ['été', 400],
    ['%E0%A4%A', 400],
    ['%', 400],
    ['a.b', 400],
    ['a%20b', 400],
    ['a;b', 400],
    ['a:b', 400],
    ['x'.repeat(65), 400],
    ['%5C..%5C', 400],
    ['http:%2F%2Fevil.example', 400],
  ])('B5: loan id %s is refused (%i) before any URL is built', async (id, status) => {
    const { bff, calls } = setup();
    const res = await readResponse(
      await bff.handler(browserRequest('PATCH', '', { url: `${BASE}/loans/${id}/shop` })),
    );
    expect(res.status).toBe(status);
    const codes: Record<number, string> = {
      400: 'invalid_id',
      404: 'not_found',
      405: 'method_not_allowed',
    };
    expect(res.json.error.code).toBe(codes[status]);
    expect(calls).toEqual([]);
  });

  it('B5: a 64-character id is accepted, and `a/b`, `..` and an empty id never match a route', async () => {
    const { send, calls, owned } = setup();
    const id = 'x'.repeat(64);
    owned.get('alice')?.add(id);
    expect((await send('GET', `/loans/${id}`)).status).toBe(200);
    expect(calls.map((c) => c.options.params)).toEqual([{ loanId: id }]);
    for (const path of ['/loans/a/b', '/loans/../loans', '/loans//shop', '/loans/', '/loans/%2e']) {
      const res = await send('GET', path);
      expect([400, 404, 405]).toContain(res.status);
    }
    expect(calls).toHaveLength(1);
  });

  it('B6: property: for any string put in the path as an id, the request is refused or the client gets an id matching the pattern', async () => {
    const { bff, calls, owned } = setup({ sessionRateLimit: { limit: 1_000_000, windowMs: 1 } });
    const idArb = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.stringMatching(/^[A-Za-z0-9_%./\\-]{0,70}$/),
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2F..%2Fauth%2Ftoken',
        '',
        '%00',
        '%E0%A4%A',
        '//evil',
      ),
    );
    await fc.assert(
      fc.asyncProperty(idArb, fc.boolean(), async (id, encode) => {
        const segment = encode ? encodeURIComponent(id) : id;
        owned.get('alice')?.add(id);
        owned.get('alice')?.add(segment);
        const before = calls.length;
        let request: Request;
        try {
          request = browserRequest('GET', '', { url: `${BASE}/loans/${segment}` });
        } catch {
          return; // not even a URL: a browser could not send it
        }
        const res = await bff.handler(request);
        await res.body?.cancel();
        const made = calls.slice(before);
        if (made.length === 0) return;
        expect(res.status).toBe(200);
        for (const call of made) {
          expect(call.options.params?.loanId).toMatch(ID_PATTERN);
          expect(call.options.params?.loanId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        }
      }),
      { numRuns: 300 },
    );
    // Not vacuous: well-formed ids did reach the client.
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each([
    ['/loans/loan_a1?partner_id=p2&debug=1'],
    ['/loans/loan_a1?debug=1'],
    ['/loans/loan_a1?partner_id=p2'],
    ['/loans/loan_a1?after=1'],
    ['/loans/loan_a1/events?after=1&partner_id=p2'],
    ['/loans/loan_a1/events?after=1&after=2'],
  ])('B7: query smuggling %s answers 400 and reaches nothing upstream', async (path) => {
    const { send, calls } = setup();
    const res = await send('GET', path);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('unsupported_query');
    expect(calls).toEqual([]);
  });

  it('B7: the client API carries no query at all; only `after` on the events route is accepted', async () => {
    const { send, calls } = setup();
    expect((await send('GET', '/loans/loan_a1/events?after=0')).status).toBe(200);
    expect((await send('GET', '/loans/loan_a1')).status).toBe(200);
    expect(Object.keys(calls[0]?.options ?? {}).sort()).toEqual(['params', 'priority', 'signal']);
  });

  it.each([
    ['/loans/http:%2F%2Fevil.example/shop'],
    ['/loans/%2F%2Fevil.example/shop'],
    ['/loans/evil.example%3A443/shop'],
    ['/loans/loan_a1/quotes/https:%2F%2Fevil.example%2Fx/select'],
    ['/policies/%2F%2Fevil'],
  ])(
    'B22: SSRF through an id (%s) is refused with 400; nothing reaches the client',
    async (path) => {
      const { send, calls } = setup();
      const method = path.endsWith('/select')
        ? 'POST'
        : path.startsWith('/policies')
          ? 'GET'
          : 'PATCH';
      const res = await send(method, path);
      expect(res.status).toBe(400);
      expect(calls).toEqual([]);
    },
  );

  it('B22: `//evil` or an absolute URL as the body id is refused, never used for routing', async () => {
    const { send, calls } = setup();
    for (const id of ['//evil.example', 'https://evil.example/v1/auth/token', 'loan_b1']) {
      const res = await send('POST', '/loans/loan_a1/consent', {
        body: { id, termsOfServiceId: 'tos-1' },
      });
      expect(res.status).toBe(400);
      expect(res.json.error.issues).toEqual([
        { path: 'id', message: 'Loan application id does not match the path' },
      ]);
    }
    expect(calls).toEqual([]);
  });

  it('B22: URLs in data fields stay data: the client gets only validated path ids as params, and the upstream host is the client config', async () => {
    const { send, calls } = setup();
    const res = await send('POST', '/loans', {
      body: loanApplication({
        loanNumber: 'https://evil.example/x',
        externalId: '//evil.example/v1/auth/token',
        baseUrl: 'https://evil.example',
        host: 'evil.example',
      }),
    });
    expect(res.status).toBe(201);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.params).toEqual({});
    expect(calls[0]?.options.body).not.toHaveProperty('baseUrl');
    expect(calls[0]?.options.body).not.toHaveProperty('host');
  });
});
