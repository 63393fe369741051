import { describe, expect, it } from 'vitest';
import { isSafeDocumentUrl } from '../../../src/core/isSafeDocumentUrl.js';
import { isSafeLinkUrl } from '../../../src/core/isSafeLinkUrl.js';
import type { SetupOptions } from './helpers.js';
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
  it('B18: only https: URLs (and plain http: on loopback) reach the browser, even on allowed hosts; javascript:, data:, http://evil are dropped; no-store; URLs never logged', async () => {
    const { send, relay, logger } = setup({
      // A local service: every host here may serve documents (public and loopback ones), so
      // what is dropped is dropped for its scheme or credentials.
      baseUrl: 'http://127.0.0.1:4010/lenders',
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
    const dropped = (host: string | null, count: number) => ({
      level: 'warn',
      message: 'insurance bff: unsafe service URL removed',
      meta: { operation: 'getPolicy', field: 'documents.url', host, reason: 'unsafe', count },
    });
    expect(logger.lines).toEqual([
      dropped(null, 6),
      dropped('evil.example', 1),
      dropped('docs.example', 2),
    ]);
    for (const url of URLS) expect(logged).not.toContain(url);
    expect(logged).not.toMatch(/Signature|user:pass|alert/);
  });

  it('B18: with documentHosts, only those hosts pass (still https, loopback http only if listed)', async () => {
    const { send, relay } = setup({
      // Loopback entries need a local service (a sandbox): elsewhere they could never match.
      baseUrl: 'http://127.0.0.1:4010/lenders',
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
    // An empty list is no list of hosts, never "any host".
    expect(isSafeDocumentUrl('https://a.example/x', [])).toBe(false);
    expect(isSafeLinkUrl('https://a.example/x')).toBe(true);
    expect(isSafeLinkUrl('https://user@a.example/x')).toBe(false);
    expect(isSafeLinkUrl('http://a.example/x')).toBe(false);
  });

  it("B37: a document link is not tied to the service's host: by default a link on the service's host and one on its CDN both pass; pinned, a link off the pins is dropped and the log names its host and why, so a lender knows what to add to documentHosts", async () => {
    const DOCS = [
      'https://api.insurer.example/docs/1?Expires=1893456000&Signature=s1',
      'https://files.insurer-cdn.example/2?Expires=1893456000&Signature=s2',
    ];
    const answer: SetupOptions['responder'] = (name, options) =>
      name === 'getPolicy' ? policyFixture('pol_a', DOCS) : cannedResponder(name, options);
    const urlsOf = (res: { json: { documents: Array<{ url: string }> } }) =>
      res.json.documents.map((d) => d.url);

    const byDefault = setup({ baseUrl: 'https://api.insurer.example/lenders', responder: answer });
    await publishEvent(byDefault.relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
    expect(urlsOf(await byDefault.send('GET', '/policies/pol_a'))).toEqual(DOCS);
    expect(byDefault.logger.lines).toEqual([]);

    // Pinned to the CDN: the service's own host is not implied.
    const pinned = setup({
      baseUrl: 'https://api.insurer.example/lenders',
      documentHosts: ['files.insurer-cdn.example'],
      responder: answer,
    });
    await publishEvent(pinned.relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
    expect(urlsOf(await pinned.send('GET', '/policies/pol_a'))).toEqual([DOCS[1]]);
    expect(pinned.logger.lines).toEqual([
      {
        level: 'warn',
        message: 'insurance bff: document URL on a host outside documentHosts removed',
        meta: {
          operation: 'getPolicy',
          field: 'documents.url',
          host: 'api.insurer.example',
          reason: 'not_in_document_hosts',
          count: 1,
        },
      },
    ]);
    expect(JSON.stringify(pinned.logger.lines)).not.toContain('Signature');

    // A custom client names no service host: public hosts pass, as for any service not local.
    const custom = setup({ responder: answer });
    await publishEvent(custom.relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
    expect(urlsOf(await custom.send('GET', '/policies/pol_a'))).toEqual(DOCS);
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
