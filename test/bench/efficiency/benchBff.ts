import { createInsuranceBff } from '../../../src/server/bff/createInsuranceBff.js';
import type { InsuranceBffOptions } from '../../../src/server/bff/InsuranceBffOptions.js';
import { createServiceClient } from '../../../src/server/client/createServiceClient.js';
import { createMemoryStore } from '../../../src/server/store/createMemoryStore.js';
import { API, BENCH_SECRET, CLIENT_ID, SESSION_HEADER } from './protocol.js';

type Session = { id: string };

/**
 * The BFF as the efficiency benchmarks measure it: a memory store, the service client of the
 * fixed upstream at `upstream`, a session named by the bench's header, and `authorize` as given
 * (a host's own lookup). Its parts are returned for the stage measurements.
 */
export function benchBff(
  upstream: string,
  authorize: InsuranceBffOptions<Session>['authorize'],
  logger: NonNullable<InsuranceBffOptions<Session>['logger']>,
) {
  const store = createMemoryStore();
  const client = createServiceClient({
    baseUrl: `${upstream}/lenders`,
    clientId: CLIENT_ID,
    clientSecret: BENCH_SECRET,
    store,
  });
  const insurance = createInsuranceBff<Session>({
    client,
    store,
    basePath: API,
    getSession: (request) => {
      const id = request.headers.get(SESSION_HEADER);
      return id ? { id } : null;
    },
    authorize,
    logger,
  });
  return { store, client, insurance };
}
