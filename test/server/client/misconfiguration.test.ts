import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors/NotFoundError.js';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { diagnoseServiceError } from '../../../src/server/index.js';
import { CLIENT_SECRET, clientOptions, createFakeService, json, text } from './fakeService.js';

const loan = { params: { loanId: 'ln_1' } };
// One attempt: these failures are about settings, and a retry would only repeat them.
const once = { retry: { attempts: 1 } };

/** A fetch that answers everything the same way, or fails like a connection that never opened. */
const answering =
  (reply: () => Response | Promise<Response>): typeof fetch =>
  async () =>
    reply();

const failingWith = (cause: Record<string, unknown>): typeof fetch =>
  answering(() => Promise.reject(new TypeError('fetch failed', { cause })));

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

describe('a failure that points at a setting says which one', () => {
  it('a base URL without the path prefix: the token route answers 404, and the diagnosis asks for the prefix', async () => {
    const client = createServiceClient({
      baseUrl: 'https://service.test',
      clientId: 'client_one',
      clientSecret: CLIENT_SECRET,
      fetch: answering(() => text('Not Found', 404)),
      ...once,
    });
    const error = await failureOf(client.call('getLoan', loan));
    expect(error).toBeInstanceOf(ServiceError);
    expect(diagnoseServiceError(error)).toEqual({
      key: 'base-url-prefix',
      message:
        "the service answered 404 for POST https://service.test/v1/auth/token: is `baseUrl` (SERVICE_BASE_URL) missing the service's path prefix? It must include it, e.g. https://service.test/lenders (the service's routes are under {baseUrl}/v1/...)",
    });
  });

  it('a base URL with a path that still gets 404 on the token route: the prefix or the routes may differ', async () => {
    const service = createFakeService();
    service.setDefault('createToken', json({ error: { message: 'no such route' } }, 404));
    const client = createServiceClient(clientOptions(service, once));
    const error = await failureOf(client.call('getLoan', loan));
    expect(diagnoseServiceError(error)?.message).toBe(
      "the service answered 404 for POST https://service.test/lenders/v1/auth/token: the path prefix in `baseUrl` (SERVICE_BASE_URL) or the service's routes may differ: check the prefix (the service's routes are under {baseUrl}/v1/...) and, if the service spells its token route differently, set it in `routes` (SERVICE_ROUTES), e.g. createToken=POST <its path on this service>",
    );
  });

  it('a web page where the token route should be (200 text/html) is a base URL naming a site', async () => {
    const client = createServiceClient({
      baseUrl: 'https://portal.example',
      clientId: 'client_one',
      clientSecret: CLIENT_SECRET,
      fetch: answering(
        () =>
          new Response('<!doctype html><title>Portal</title>', {
            status: 200,
            headers: { 'Content-Type': 'text/html; charset=utf-8' },
          }),
      ),
      ...once,
    });
    const error = await failureOf(client.call('getLoan', loan));
    expect(diagnoseServiceError(error)?.message).toBe(
      "the service answered POST https://portal.example/v1/auth/token with 200 and a body that is not JSON (text/html): is `baseUrl` (SERVICE_BASE_URL) missing the service's path prefix? It must include it, e.g. https://portal.example/lenders (the service's routes are under {baseUrl}/v1/...)",
    );
  });

  it.each([
    [
      'a refused connection',
      { code: 'ECONNREFUSED' },
      'http://127.0.0.1:4999/lenders',
      'could not connect to 127.0.0.1:4999 (ECONNREFUSED): check the host and port in `baseUrl` (SERVICE_BASE_URL)',
    ],
    [
      'an unknown host',
      { code: 'ENOTFOUND' },
      'https://servce.example/lenders',
      'could not resolve the host servce.example (ENOTFOUND): check the host in `baseUrl` (SERVICE_BASE_URL)',
    ],
    [
      'https to a port that speaks http',
      { code: 'ERR_SSL_WRONG_VERSION_NUMBER' },
      'https://service.example:8080/lenders',
      "the TLS connection to service.example:8080 failed (ERR_SSL_WRONG_VERSION_NUMBER): check that `baseUrl` (SERVICE_BASE_URL) uses https only on a port that speaks it (http on a loopback sandbox), and that this server trusts the service's certificate",
    ],
    [
      'a port fetch refuses to use',
      { message: 'bad port' },
      'http://127.0.0.1:1/lenders',
      'could not connect to 127.0.0.1:1 (port 1 is refused as unsafe, as fetch refuses it): check the port in `baseUrl` (SERVICE_BASE_URL)',
    ],
  ])(
    '%s names the host and port to check in the base URL',
    async (_name, cause, baseUrl, message) => {
      const client = createServiceClient({
        baseUrl,
        clientId: 'client_one',
        clientSecret: CLIENT_SECRET,
        fetch: failingWith(cause),
        ...once,
      });
      const error = await failureOf(client.call('getLoan', loan));
      expect(diagnoseServiceError(error)?.message).toBe(message);
    },
  );

  it('a connection that broke for no known reason names no setting', async () => {
    const service = createFakeService();
    const client = createServiceClient(
      clientOptions(service, { ...once, fetch: failingWith({ code: 'ECONNRESET' }) }),
    );
    expect(diagnoseServiceError(await failureOf(client.call('getLoan', loan)))).toBeUndefined();
  });

  it.each([
    [undefined, 'check `clientId` (SERVICE_CLIENT_ID) and `clientSecret` (SERVICE_CLIENT_SECRET)'],
    [
      'lender_7',
      'check `clientId` (SERVICE_CLIENT_ID), `clientSecret` (SERVICE_CLIENT_SECRET) and `partnerId` (SERVICE_PARTNER_ID)',
    ],
  ])(
    'refused credentials (partner %s) name the credentials to check, never the secret',
    async (partnerId, check) => {
      const service = createFakeService();
      service.setDefault('createToken', () =>
        json({ error: { message: `bad client_secret ${CLIENT_SECRET}` } }, 401),
      );
      const client = createServiceClient(
        clientOptions(service, { ...once, ...(partnerId ? { partnerId } : {}) }),
      );
      const error = await failureOf(client.call('getLoan', loan));
      const diagnosis = diagnoseServiceError(error);
      expect(diagnosis).toEqual({
        key: 'credentials',
        message: `the service refused the client credentials (status 401): ${check}`,
      });
      expect(JSON.stringify(diagnosis)).not.toContain(CLIENT_SECRET);
    },
  );

  it("a 403 on an operation names the partner's permissions for it, with the route template and no id", async () => {
    const service = createFakeService();
    service.setDefault('shopLoan', json({ error: { message: 'Forbidden' } }, 403));
    const client = createServiceClient(clientOptions(service, { ...once, partnerId: 'lender_7' }));
    const error = await failureOf(client.call('shopLoan', loan));
    expect(diagnoseServiceError(error)).toEqual({
      key: 'forbidden:shopLoan',
      message:
        "the service refused shopLoan with 403 (PATCH https://service.test/lenders/v1/loans/{loanId}/shop): the partner's permissions do not cover this operation: ask the service to enable it for `clientId` (SERVICE_CLIENT_ID) and `partnerId` (SERVICE_PARTNER_ID), or check that these are the credentials meant for this portal",
    });
  });

  it('an operation answered 404 with a web page is a route the service spells otherwise', async () => {
    const service = createFakeService();
    service.setDefault(
      'getQuoteDisplay',
      new Response('<html><body>Cannot GET</body></html>', {
        status: 404,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    const client = createServiceClient(clientOptions(service, once));
    const error = await failureOf(client.call('getQuoteDisplay', loan));
    expect(diagnoseServiceError(error)?.message).toBe(
      'the service answered 404 for GET https://service.test/lenders/v1/loans/{loanId}/display, not an answer of its API: the service may spell this route differently: set it in `routes` (SERVICE_ROUTES), e.g. getQuoteDisplay=GET <its path on this service>',
    );
  });

  it("the service's own 404 for a loan it does not know stays a plain not found", async () => {
    const service = createFakeService();
    service.setDefault('getLoan', json({ error: { code: 'not_found', message: 'No loan' } }, 404));
    const client = createServiceClient(clientOptions(service, once));
    const error = await failureOf(client.call('getLoan', loan));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(diagnoseServiceError(error)).toBeUndefined();
  });

  it.each([
    [
      'from http to https',
      'https://service.test/lenders/v1/auth/token',
      'http://127.0.0.1:4010/lenders',
      'use https:// in `baseUrl` (SERVICE_BASE_URL)',
    ],
    [
      'to another host',
      'https://api.service.example/lenders/v1/auth/token',
      'https://service.example/lenders',
      'the service redirects to https://api.service.example: use that host in `baseUrl` (SERVICE_BASE_URL)',
    ],
    [
      'to another path',
      '/lenders/v1/auth/token/',
      'https://service.example/lenders',
      'the service redirects to another path: check the path prefix in `baseUrl` (SERVICE_BASE_URL) (a missing or extra trailing segment) and `routes` (SERVICE_ROUTES)',
    ],
  ])(
    'a redirect %s is not followed and says what to change',
    async (_name, location, baseUrl, advice) => {
      const client = createServiceClient({
        baseUrl,
        clientId: 'client_one',
        clientSecret: CLIENT_SECRET,
        fetch: answering(
          () => new Response(null, { status: 301, headers: { Location: location } }),
        ),
        ...once,
      });
      const error = await failureOf(client.call('getLoan', loan));
      expect(error).toMatchObject({ serviceCode: 'upstream_redirect' });
      expect(diagnoseServiceError(error)?.message).toBe(
        `the service answered POST ${baseUrl}/v1/auth/token with a redirect (301), which is not followed: ${advice}`,
      );
    },
  );

  it('failures that say nothing about a setting (a 5xx, a rate limit) carry no diagnosis', async () => {
    const service = createFakeService();
    service.setDefault('getLoan', json({ error: { message: 'down' } }, 500));
    const client = createServiceClient(clientOptions(service, once));
    expect(diagnoseServiceError(await failureOf(client.call('getLoan', loan)))).toBeUndefined();
    expect(diagnoseServiceError(new Error('anything'))).toBeUndefined();
    expect(diagnoseServiceError('text')).toBeUndefined();
  });
});
