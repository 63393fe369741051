import { serve } from 'srvx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInsuranceBff, createServiceClient } from '../../src/server/index.js';
import { startSandboxServer } from '../../src/testing/startSandboxServer.js';
import { createStandInService } from '../contract/createStandInService.js';
import { fixtureOf } from '../contract/serviceFixtures.js';
import { readResponse } from '../support/readResponse.js';
import type { LoanEvents } from '../support/stackFlow.js';
import { submitBindingLoan } from '../support/stackFlow.js';
import type { Stack } from '../support/startStack.js';
import { startStack } from '../support/startStack.js';
import { until } from '../support/until.js';

// Where policy documents come from, over real HTTP on 127.0.0.1. Production serves the signed
// evidence-of-insurance PDF from a third-party CDN, not from the service's host: a BFF at its
// defaults (no documentHosts) must pass such a link, and still keep local ones from a browser
// unless the service itself is local.

const SIGNED = '?Expires=1893456000&Signature=0123abcd';

describe('a BFF at its defaults in front of the sandbox on 127.0.0.1', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("B40: a bound policy's document, served from the sandbox's second origin (another port), reaches the browser and downloads; the API's origin does not serve it", async () => {
    const { sandboxServer } = stack;
    expect(sandboxServer.assetOrigin).not.toBe(sandboxServer.origin);
    expect(new URL(sandboxServer.assetOrigin).hostname).toBe('127.0.0.1');

    const borrower = stack.browser('session-docs');
    const created = await submitBindingLoan(borrower, 'DOC-1');
    expect(created.status).toBe(201);
    const loanId: string = created.json.id;
    await borrower.call('POST', `/loans/${loanId}/consent`, { termsOfServiceId: 'tos-1' });
    expect((await borrower.call('PATCH', `/loans/${loanId}/shop`)).status).toBe(200);

    // The policy is the borrower's once its policy.bound event came through the webhook.
    const policyId = await until('policy.bound in the BFF', async () => {
      const page = await borrower.call('GET', `/loans/${loanId}/events?after=`);
      const events: LoanEvents = page.json.events;
      return events.find((e) => e.event.type === 'policy.bound')?.event.policyId;
    });
    expect(policyId).toBeDefined();

    const policy = await borrower.call('GET', `/policies/${policyId}`);
    expect(policy.status).toBe(200);
    const documents: Array<{ url: string }> = policy.json.documents;
    expect(documents.length).toBeGreaterThan(0);
    for (const { url } of documents) {
      expect(new URL(url).origin).toBe(sandboxServer.assetOrigin);
      const pdf = await fetch(url);
      expect(pdf.status).toBe(200);
      expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
    }
    const [first] = documents;
    const onApi = new URL(first?.url ?? '');
    const refused = await fetch(`${sandboxServer.origin}${onApi.pathname}${onApi.search}`);
    expect(refused.status).toBe(404);
    await refused.arrayBuffer();

    // The quotes' carrier logos come from there too.
    const display = await borrower.call('GET', `/loans/${loanId}/display`);
    const logo: string = display.json.quotes[0].carrierLogoUrl;
    expect(new URL(logo).origin).toBe(sandboxServer.assetOrigin);
    const image = await fetch(logo);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    await image.arrayBuffer();
  });
});

describe('a BFF at its defaults in front of a service that is not local', () => {
  const CDN = `https://d1234abcd.cloudfront.net/eoi/doc_eoi_1.pdf${SIGNED}`;
  const LOCAL = [
    `http://127.0.0.1:4011/sandbox/documents/doc_2${SIGNED}`,
    `https://10.0.0.8/docs/doc_3.pdf${SIGNED}`,
    `https://[fe80::1]/docs/doc_4.pdf${SIGNED}`,
  ];
  const warnings: Array<{ message: string; meta?: Record<string, unknown> }> = [];
  let app: ReturnType<typeof serve>;
  let origin: string;
  let close: () => Promise<void>;
  const policy = fixtureOf('getPolicy');
  const policyId = policy.params.policyId as string;

  beforeAll(async () => {
    const body = policy.response.body as { documents: Array<Record<string, unknown>> };
    const [template] = body.documents;
    const urls = [CDN, ...LOCAL];
    const standIn = createStandInService([
      {
        ...policy,
        response: {
          ...policy.response,
          body: {
            ...body,
            documents: urls.map((url, i) => ({ ...template, id: `doc_${i}`, url })),
          },
        },
      },
    ]);
    const bff = createInsuranceBff({
      // The service's host is public (the stand-in answers it without a network).
      client: createServiceClient({
        baseUrl: 'https://api.insurer.example/lenders',
        clientId: 'docs_client',
        clientSecret: 'docs-secret-value-0123456789',
        fetch: (input, init) => standIn.handler(new Request(input, init)),
      }),
      getSession: () => ({ id: 'borrower_1' }),
      authorize: () => true,
      logger: {
        warn: (message, meta) => warnings.push({ message, ...(meta ? { meta } : {}) }),
        error: (message, meta) => warnings.push({ message, ...(meta ? { meta } : {}) }),
      },
    });
    app = serve({
      port: 0,
      hostname: '127.0.0.1',
      silent: true,
      gracefulShutdown: false,
      fetch: (request: Request) => bff.handler(request),
    });
    await app.ready();
    origin = new URL(app.url ?? '').origin;
    close = () => bff.close();
  });
  afterAll(async () => {
    await close?.();
    await app?.close(true);
  });

  it('B41: the CDN link reaches the browser; loopback, private and link-local ones are removed, each logged with its host and "not public", never with the URL', async () => {
    const res = await readResponse(await fetch(`${origin}/api/insurance/policies/${policyId}`));
    expect(res.status).toBe(200);
    expect((res.json.documents as Array<{ url: string }>).map((d) => d.url)).toEqual([CDN]);
    const removed = (host: string) => ({
      message: 'insurance bff: document URL on a host that is not public removed',
      meta: {
        operation: 'getPolicy',
        field: 'documents.url',
        host,
        reason: 'not_public',
        count: 1,
      },
    });
    expect(warnings).toEqual([
      removed('127.0.0.1:4011'),
      removed('10.0.0.8'),
      removed('[fe80::1]'),
    ]);
    expect(JSON.stringify(warnings)).not.toContain('Signature');
  });
});

describe('startSandboxServer', () => {
  it('B44: when its asset port is taken it says which port, as for its own', async () => {
    const blocker = serve({
      port: 0,
      hostname: '127.0.0.1',
      silent: true,
      gracefulShutdown: false,
      fetch: () => new Response('taken'),
    });
    await blocker.ready();
    const taken = Number(new URL(blocker.url ?? '').port);
    try {
      await expect(startSandboxServer({ port: 0, assetPort: taken })).rejects.toMatchObject({
        code: 'EADDRINUSE',
        message: `Port ${taken} on 127.0.0.1 is already in use`,
      });
    } finally {
      await blocker.close(true);
    }
  });
});
