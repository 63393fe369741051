import { describe, expect, it } from 'vitest';
import { createInsuranceBff } from '../../../src/server/bff/index.js';
import {
  BASE,
  browserRequest,
  createRecordingClient,
  hasSecurityHeaders,
  setup,
} from './helpers.js';

const APP = 'https://app.partner.example';

describe('cross-site protection, CORS, cookies and headers', () => {
  it.each([
    ['POST', '/loans/loan_a1/consent', { id: 'loan_a1', termsOfServiceId: 'tos-1' }],
    ['PATCH', '/loans/loan_a1/shop', undefined],
    ['POST', '/loans/loan_a1/quotes/q1/select', undefined],
    ['PATCH', '/loans/loan_a1/close', {}],
    ['PUT', '/loans/loan_a1/loan-contacts', []],
  ])(
    'B11: %s %s without the CSRF header answers 403 and calls nothing',
    async (method, path, body) => {
      const { send, calls } = setup();
      const res = await send(method, path, { body, csrf: false });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
      expect(hasSecurityHeaders(res.headers)).toBe(true);
      const wrong = await send(method, path, { body, csrf: false, headers: { 'X-LIR-CSRF': '0' } });
      expect(wrong.status).toBe(403);
      expect(calls).toEqual([]);
    },
  );

  it('B11: GET needs no CSRF header; a configured header name and value are the ones checked', async () => {
    const { send, calls } = setup({ csrfHeader: { name: 'X-BFF-CSRF', value: 'yes' } });
    expect((await send('GET', '/loans/loan_a1', { csrf: false })).status).toBe(200);
    const body = { id: 'loan_a1', termsOfServiceId: 'tos-1' };
    expect((await send('POST', '/loans/loan_a1/consent', { body })).status).toBe(403);
    const ok = await send('POST', '/loans/loan_a1/consent', {
      body,
      csrf: false,
      headers: { 'X-BFF-CSRF': 'yes' },
    });
    expect(ok.status).toBe(200);
    expect(calls.map((c) => c.name)).toEqual(['getLoan', 'recordConsent']);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    [
      'a foreign Origin on a sibling site',
      { Origin: 'https://evil.portal.example', 'Sec-Fetch-Site': 'same-site' },
    ],
    ['Origin: null', { Origin: 'null' }],
    [
      'a foreign Origin claiming cross-site',
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    ],
  ])(
    'B12: a request with %s answers 403 (GET and POST) and calls nothing',
    async (_name, headers) => {
      const { send, calls } = setup();
      const get = await send('GET', '/loans/loan_a1', { headers });
      expect(get.status).toBe(403);
      const post = await send('PATCH', '/loans/loan_a1/shop', { headers });
      expect(post.status).toBe(403);
      expect(post.json.error.code).toBe('forbidden');
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      expect(calls).toEqual([]);
    },
  );

  it('B12: same-origin requests pass, with the own Origin or a browser saying same-origin behind a proxy', async () => {
    const { send, calls } = setup();
    expect(
      (
        await send('PATCH', '/loans/loan_a1/shop', {
          headers: { Origin: 'https://portal.example' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send('PATCH', '/loans/loan_a1/shop', {
          headers: { Origin: 'https://portal.example', 'Sec-Fetch-Site': 'same-origin' },
        })
      ).status,
    ).toBe(200);
    // Behind a proxy the server sees http://internal:3000 while the browser vouches same-origin.
    const proxied = await send('GET', '/loans/loan_a1', {
      url: 'http://internal:3000/api/insurance/loans/loan_a1',
      headers: { Origin: 'https://portal.example', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(proxied.status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('B13 (cookie attributes belong to the host login, which sets the session cookie; the BFF only reads it): no BFF response ever sets a cookie', async () => {
    const { send } = setup();
    const responses = [
      await send('GET', '/loans/loan_a1'),
      await send('POST', '/loans', { body: {} }),
      await send('GET', '/loans/loan_b1'),
      await send('GET', '/loans/loan_a1', { session: null }),
      await send('GET', '/nope'),
      await send('PATCH', '/loans/loan_a1/shop', { csrf: false }),
      await send('OPTIONS', '/loans', { headers: { Origin: 'https://evil.example' } }),
      await send('GET', '/loans/loan_a1/events'),
    ];
    for (const res of responses) {
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('B14: a preflight from a foreign origin answers 403 without any Access-Control-Allow-* header', async () => {
    const { send, calls } = setup({ allowedOrigins: [APP] });
    const res = await send('OPTIONS', '/loans/loan_a1/shop', {
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'x-lir-csrf',
      },
      csrf: false,
    });
    expect(res.status).toBe(403);
    for (const [name] of res.headers) expect(name.startsWith('access-control-')).toBe(false);
    expect(hasSecurityHeaders(res.headers)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('B14: a preflight from an allowed origin gets the exact origin, credentials, Vary: Origin, the path methods and our headers; never *', async () => {
    const { send, calls } = setup({ allowedOrigins: [APP] });
    const res = await send('OPTIONS', '/loans/loan_a1/shop', {
      headers: { Origin: APP, 'Access-Control-Request-Method': 'PATCH' },
      csrf: false,
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.get('access-control-allow-methods')?.split(', ').sort()).toEqual([
      'GET',
      'PATCH',
    ]);
    const allowHeaders = res.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    expect(allowHeaders).toContain('x-lir-csrf');
    expect(allowHeaders).toContain('idempotency-key');
    expect(allowHeaders).toContain('content-type');
    for (const [, value] of res.headers) expect(value).not.toBe('*');
    expect(hasSecurityHeaders(res.headers)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('B14: the real request from an allowed origin carries exact-origin CORS headers; without allowedOrigins nothing is CORS-enabled', async () => {
    const { send } = setup({ allowedOrigins: [APP] });
    const res = await send('PATCH', '/loans/loan_a1/shop', {
      headers: { Origin: APP, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toBe('Origin');

    const closed = setup();
    const pre = await closed.send('OPTIONS', '/loans', { headers: { Origin: APP }, csrf: false });
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect((await closed.send('OPTIONS', '/admin', { csrf: false })).status).toBe(404);
  });

  it('B14: allowedOrigins refuses `*`, `null` and anything but an exact origin at construction', () => {
    const base = {
      client: createRecordingClient(),
      getSession: () => null,
      authorize: () => false,
    };
    for (const origin of [
      '*',
      'null',
      'https://app.example/',
      'app.example',
      'https://*.example',
    ]) {
      expect(() => createInsuranceBff({ ...base, allowedOrigins: [origin] })).toThrow(TypeError);
    }
  });

  it('B16: browser headers (Authorization, Cookie, Host, X-Forwarded-For, X-Partner-Id…) never reach the client: it gets exactly params, body and priority (and a read, the signal)', async () => {
    const { bff, calls } = setup();
    const hostile = {
      Authorization: 'Bearer stolen',
      Host: 'evil.example',
      'X-Forwarded-For': '10.0.0.1',
      'X-Forwarded-Host': 'evil.example',
      'X-Partner-Id': 'other_partner',
      'X-Service-Partner-Id': 'other_partner',
      'X-Real-IP': '10.0.0.2',
    };
    const req = browserRequest('POST', '/loans/loan_a1/consent/tcpa', {
      body: { termsOfServiceId: 'tos-1', email: 'a@example.com' },
      headers: hostile,
    });
    const res = await bff.handler(req);
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.name).toBe('recordTcpaConsent');
    // A write goes on without the browser's signal: abandoned mid-flight, its outcome is unknown.
    expect(Object.keys(call?.options ?? {}).sort()).toEqual(['body', 'params', 'priority']);
    expect(call?.options).toEqual({
      params: { loanId: 'loan_a1' },
      body: { id: 'loan_a1', termsOfServiceId: 'tos-1', email: 'a@example.com' },
      priority: 'interactive',
    });
    const read = browserRequest('GET', '/loans/loan_a1/display', { headers: hostile });
    expect((await bff.handler(read)).status).toBe(200);
    expect(calls[1]?.options).toEqual({
      params: { loanId: 'loan_a1' },
      priority: 'interactive',
      signal: read.signal,
    });
    const serialized = JSON.stringify(call?.options);
    for (const value of ['stolen', 'evil.example', '10.0.0.1', 'other_partner', 'sid=alice']) {
      expect(serialized).not.toContain(value);
    }
  });

  it('security headers are on every response, including 204 and the event stream', async () => {
    const { raw } = setup({ allowedOrigins: [APP] });
    const responses = [
      await raw('PUT', '/loans/loan_a1/loan-contacts', { body: [] }),
      await raw('OPTIONS', '/loans', { headers: { Origin: APP }, csrf: false }),
      await raw('GET', '/loans/loan_a1/events', { headers: { Accept: 'text/event-stream' } }),
      await raw('GET', '/loans/loan_a1', { url: `${BASE}/loans/loan_a1` }),
    ];
    expect(responses.map((r) => r.status)).toEqual([204, 204, 200, 200]);
    for (const res of responses) {
      expect(hasSecurityHeaders(res.headers)).toBe(true);
      await res.body?.cancel();
    }
    expect(responses[2]?.headers.get('content-type')).toContain('text/event-stream');
  });
});
