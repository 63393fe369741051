import { describe, expect, it } from 'vitest';
import { isSafeDocumentUrl } from '../../../src/core/isSafeDocumentUrl.js';
import { cannedResponder, policyFixture, publishEvent, setup } from './helpers.js';

const URLS = [
  'https://docs.example/eoi.pdf?Expires=1893456000&Signature=abc',
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'http://evil.example/eoi.pdf',
  'http://127.0.0.1:4010/sandbox/documents/d1?Expires=1&Signature=x',
  'http://localhost:4010/sandbox/documents/d2',
  'http://[::1]:4010/sandbox/documents/d3',
  'https://user:pass@docs.example/x',
  'ftp://docs.example/x',
  '//evil.example/x',
  '/relative/path',
  'not a url',
  'https://cdn.other.example/y.pdf',
];

describe('get policy', () => {
  it('B18: only https: URLs (and plain http: on loopback) reach the browser; javascript:, data:, http://evil are dropped; no-store; URLs never logged', async () => {
    const { send, relay, logger } = setup({
      responder: (name, options) =>
        name === 'getPolicy' ? policyFixture('pol_a', URLS) : cannedResponder(name, options),
    });
    await publishEvent(relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
    const res = await send('GET', '/policies/pol_a');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.documents.map((d: { url: string }) => d.url)).toEqual([
      'https://docs.example/eoi.pdf?Expires=1893456000&Signature=abc',
      'http://127.0.0.1:4010/sandbox/documents/d1?Expires=1&Signature=x',
      'http://localhost:4010/sandbox/documents/d2',
      'http://[::1]:4010/sandbox/documents/d3',
      'https://cdn.other.example/y.pdf',
    ]);
    expect(res.json).toMatchObject({ id: 'pol_a', carrier: 'Acme Mutual' });
    const logged = JSON.stringify(logger.lines);
    expect(logger.lines).toEqual([
      { level: 'warn', message: expect.any(String), meta: { policyId: 'pol_a', dropped: 9 } },
    ]);
    for (const url of URLS) expect(logged).not.toContain(url);
    expect(logged).not.toContain('Signature');
  });

  it('B18: with documentHosts, only those hosts pass (still https, loopback http only if listed)', async () => {
    const { send, relay } = setup({
      documentHosts: ['docs.example', '127.0.0.1'],
      responder: (name, options) =>
        name === 'getPolicy' ? policyFixture('pol_a', URLS) : cannedResponder(name, options),
    });
    await publishEvent(relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
    const res = await send('GET', '/policies/pol_a');
    expect(res.json.documents.map((d: { url: string }) => d.url)).toEqual([
      'https://docs.example/eoi.pdf?Expires=1893456000&Signature=abc',
      'http://127.0.0.1:4010/sandbox/documents/d1?Expires=1&Signature=x',
    ]);
  });

  it('B18: the URL check itself', () => {
    expect(isSafeDocumentUrl('https://a.example/x')).toBe(true);
    expect(isSafeDocumentUrl('http://127.1.2.3/x')).toBe(true);
    expect(isSafeDocumentUrl('http://2130706433/x')).toBe(true); // the parser makes it 127.0.0.1
    expect(isSafeDocumentUrl('http://localhost.evil.example/x')).toBe(false);
    expect(isSafeDocumentUrl('http://127.0.0.1.evil.example/x')).toBe(false);
    expect(isSafeDocumentUrl(' javascript:alert(1)')).toBe(false);
    expect(isSafeDocumentUrl('java\tscript:alert(1)')).toBe(false);
    expect(isSafeDocumentUrl(42)).toBe(false);
    expect(isSafeDocumentUrl('https://A.Example/x', ['a.example'])).toBe(true);
    expect(isSafeDocumentUrl('https://b.example/x', ['a.example'])).toBe(false);
  });

  it('a policy is read for the loan the relay linked it to; its params carry the policy id only', async () => {
    const { send, relay, calls } = setup();
    await publishEvent(relay, 'policy.retrieved', { policyId: 'pol_r', loanId: 'loan_a2' });
    const res = await send('GET', '/policies/pol_r');
    expect(res.status).toBe(200);
    expect(calls).toEqual([
      {
        name: 'getPolicy',
        options: {
          params: { policyId: 'pol_r' },
          priority: 'interactive',
          signal: expect.any(AbortSignal),
        },
      },
    ]);
  });
});
