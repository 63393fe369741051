import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InsuranceAdapter } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { ServiceOperationName } from '../../src/core/index.js';
import { operations, parseResponse } from '../../src/core/index.js';
import {
  createInsuranceBff,
  createServiceClient,
  DEFAULT_BFF_BASE_PATH,
  toNodeHandler,
} from '../../src/server/index.js';
import { ADAPTER_RUNS } from '../contract/adapterRuns.js';
import type { StandInService } from '../contract/createStandInService.js';
import { createStandInService } from '../contract/createStandInService.js';
import type { ServiceFixture } from '../contract/serviceFixtures.js';
import { fixtureOf, loadServiceFixtures } from '../contract/serviceFixtures.js';

// Contract, part 2: every body of test/fixtures/service through the service client and the BFF
// over real HTTP on 127.0.0.1, against a stand-in service that answers exactly those bodies,
// and read back by the browser's adapter. Nothing the library knows may be lost on the way.

const fixtures = loadServiceFixtures();

async function listen(
  handler: Parameters<typeof toNodeHandler>[0],
): Promise<Server & { url: string }> {
  const server = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(server, { url: `http://127.0.0.1:${port}` });
}

const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

let standIn: StandInService;
let upstream: Server & { url: string };
let bffServer: (Server & { url: string }) | undefined;
let closeBff: (() => Promise<void>) | undefined;
const logged: string[] = [];

beforeAll(async () => {
  standIn = createStandInService(fixtures.filter((f) => !f.file.includes('/')));
  upstream = await listen(standIn.handler);
});
afterEach(async () => {
  await closeBff?.();
  await close(bffServer);
  bffServer = undefined;
});
afterAll(async () => {
  await close(upstream);
});

/** A fresh service client and BFF in front of the stand-in; the adapter a browser would use. */
async function browser(): Promise<InsuranceAdapter> {
  const client = createServiceClient({
    baseUrl: `${upstream.url}/lenders`,
    clientId: 'contract_client',
    clientSecret: 'contract-secret-value',
  });
  const logger = {
    warn: (message: string) => logged.push(message),
    error: (message: string) => logged.push(message),
  };
  const bff = createInsuranceBff({
    client,
    getSession: () => ({ id: 'borrower_1' }),
    // The contract is about shapes: this borrower may see everything the fixtures name.
    authorize: () => true,
    // At the defaults (no documentHosts): the fixtures' documents are on a CDN host, not the
    // service's, and pass as any public host does.
    logger,
  });
  closeBff = () => bff.close();
  bffServer = await listen(bff.handler);
  return createHttpAdapter({ baseUrl: `${bffServer.url}${DEFAULT_BFF_BASE_PATH}` });
}

const loanId = (f: ServiceFixture) => f.params.loanId as string;

/** What the browser should get: the fixture's body as the core reads it (204: nothing). */
function expectedAnswer(f: ServiceFixture): unknown {
  const output = operations[f.operation].output as v.GenericSchema | null;
  if (f.response.status === 204 || output === null) return output === null ? undefined : {};
  return parseResponse(output, f.response.body);
}

describe.each(fixtures.filter((f) => f.operation !== 'createToken'))('$file', (fixture) => {
  const name = fixture.operation as Exclude<ServiceOperationName, 'createToken'>;

  it('reaches the browser whole, through the service client and the BFF over HTTP', async () => {
    standIn.use(fixture);
    const adapter = await browser();
    const before = standIn.received.length;
    const answer = await ADAPTER_RUNS[name](adapter, fixture);
    expect(answer).toEqual(expectedAnswer(fixture));
    const sent = standIn.received.slice(before).filter((r) => r.operation === name);
    expect(sent).toHaveLength(1);
    if (fixture.request !== undefined) {
      // The BFF names a new application itself: that field is the one it adds.
      const { externalId, ...rest } = (sent[0]?.body ?? {}) as Record<string, unknown>;
      if (name === 'submitLoanApplication') expect(externalId).toMatch(/^lir-/);
      expect(name === 'submitLoanApplication' ? rest : sent[0]?.body).toEqual(fixture.request);
    }
  });
});

describe('createToken.json', () => {
  it('is the token every later call carries', async () => {
    const token = fixtureOf('createToken').response.body as { access_token: string };
    const adapter = await browser();
    const before = standIn.received.length;
    await adapter.getLoan(loanId(fixtureOf('getLoan')));
    const calls = standIn.received.slice(before);
    expect(calls.map((c) => c.operation)).toEqual(['createToken', 'getLoan']);
    expect(calls[1]?.authorization).toBe(`Bearer ${token.access_token}`);
  });
});
