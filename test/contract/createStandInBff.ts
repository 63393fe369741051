import type { ServiceClientLogger } from '../../src/server/client/ServiceClientOptions.js';
import type { InsuranceBffOptions } from '../../src/server/index.js';
import { createInsuranceBff, createServiceClient } from '../../src/server/index.js';
import { createStandInService } from './createStandInService.js';
import type { ServiceFixture } from './serviceFixtures.js';

/** Options of {@link createStandInBff}. */
export interface StandInBffOptions {
  /** The service's base URL. Default `https://service.test/lenders` (public: not a sandbox). */
  baseUrl?: string;
  /** The service client's logger. Default: its own (quiet in tests). */
  clientLogger?: ServiceClientLogger;
  /** The BFF's options beyond the session, the authorization and the client. */
  bff?: Partial<Omit<InsuranceBffOptions<{ id: string }>, 'client' | 'getSession' | 'authorize'>>;
}

/**
 * A BFF at its defaults in front of a stand-in service that answers exactly `fixtures` (see
 * `createStandInService`), through a real service client and without a network: the contract
 * is about shapes, so its one borrower may see everything the fixtures name.
 */
export function createStandInBff(
  fixtures: readonly ServiceFixture[],
  options: StandInBffOptions = {},
) {
  const standIn = createStandInService(fixtures);
  const client = createServiceClient({
    baseUrl: options.baseUrl ?? 'https://service.test/lenders',
    clientId: 'contract_client',
    clientSecret: 'contract-secret-value',
    fetch: (input, init) => standIn.handler(new Request(input, init)),
    ...(options.clientLogger ? { logger: options.clientLogger } : {}),
  });
  const bff = createInsuranceBff({
    client,
    getSession: () => ({ id: 'borrower_1' }),
    authorize: () => true,
    logger: { warn() {}, error() {} },
    ...options.bff,
  });
  return { standIn, client, bff };
}
