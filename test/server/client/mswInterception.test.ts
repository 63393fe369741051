import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ServiceError } from '../../../src/core/errors/ServiceError.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';

// A host's own tests: MSW's `setupServer` at the network edge, and a client without a `fetch`
// option, which sends through `node:http` on Node.
const BASE = 'https://service.test/lenders';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () =>
  createServiceClient({ baseUrl: BASE, clientId: 'host_client', clientSecret: 'host-secret-1' });

it("answers a client without a fetch option from MSW's handlers", async () => {
  const seen: string[] = [];
  server.use(
    http.post(`${BASE}/v1/auth/token`, () =>
      HttpResponse.json({ access_token: 'tok_msw', token_type: 'Bearer', expires_in: 3600 }),
    ),
    http.get(`${BASE}/v1/policies/:policyId`, ({ params, request }) => {
      seen.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({ id: params.policyId, documents: [] });
    }),
  );
  await expect(client().call('getPolicy', { params: { policyId: 'pol_1' } })).resolves.toEqual({
    id: 'pol_1',
    documents: [],
  });
  expect(seen).toEqual(['Bearer tok_msw']);
});

it('does not follow a redirect MSW answers', async () => {
  server.use(
    http.post(`${BASE}/v1/auth/token`, () =>
      HttpResponse.json({ access_token: 'tok_msw', token_type: 'Bearer', expires_in: 3600 }),
    ),
    http.get(
      `${BASE}/v1/policies/:policyId`,
      () =>
        new HttpResponse(null, { status: 301, headers: { Location: 'https://elsewhere.test/' } }),
    ),
  );
  const error = await client()
    .call('getPolicy', { params: { policyId: 'pol_1' } })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  expect(error).toMatchObject({ serviceCode: 'upstream_redirect' });
});
