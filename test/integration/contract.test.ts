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

// Where document links of the fixtures point: the BFF lets documents through from these only.
const documentHosts = [
  ...new Set(
    fixtures.flatMap((f) =>
      ((f.response.body as { documents?: Array<{ url?: string }> })?.documents ?? []).flatMap(
        (d) => (typeof d.url === 'string' ? [new URL(d.url).hostname] : []),
      ),
    ),
  ),
];

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
    documentHosts,
    logger,
  });
  closeBff = () => bff.close();
  bffServer = await listen(bff.handler);
  return createHttpAdapter({ baseUrl: `${bffServer.url}${DEFAULT_BFF_BASE_PATH}` });
}

type Run = (adapter: InsuranceAdapter, f: ServiceFixture) => Promise<unknown>;
const loanId = (f: ServiceFixture) => f.params.loanId as string;
// A captured answer may come without the request: the operation's own fixture gives one.
const body = <T>(f: ServiceFixture) => (f.request ?? fixtureOf(f.operation).request) as T;

/** How a browser reaches each operation through the adapter. */
const RUNS: Record<Exclude<ServiceOperationName, 'createToken'>, Run> = {
  submitLoanApplication: (a, f) => a.createLoanApplication(body(f)),
  getLoan: (a, f) => a.getLoan(loanId(f)),
  recordConsent: (a, f) => a.recordConsent(body(f)),
  recordTcpaConsent: (a, f) => a.recordTcpaConsent(body(f)),
  recordGeneralConsent: (a, f) => a.recordGeneralConsent(body(f)),
  shopLoan: (a, f) => a.shopLoan(loanId(f)),
  getShoppedLoan: (a, f) => a.getShoppedLoan(loanId(f)),
  getQuoteDisplay: (a, f) => a.getQuoteDisplay(loanId(f)),
  selectQuote: (a, f) => a.selectQuote(loanId(f), f.params.quoteId as string),
  scheduleCall: async (a, f) => {
    await a.recordTcpaConsent(fixtureOf('recordTcpaConsent').request as never);
    return a.scheduleCall(body(f));
  },
  callMeNow: async (a, f) => {
    await a.recordTcpaConsent(fixtureOf('recordTcpaConsent').request as never);
    return a.callMeNow(body(f));
  },
  getPolicy: (a, f) => a.getPolicy(f.params.policyId as string),
  initiatePolicyRetrieval: (a, f) => a.initiatePolicyRetrieval(loanId(f)),
  closeLoan: (a, f) => a.closeLoan(loanId(f), body(f)),
  updateLoanContacts: (a, f) => a.updateLoanContacts(loanId(f), body(f)),
  updateCurrentInsurance: (a, f) => a.updateCurrentInsurance(loanId(f), body(f)),
};

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
    const answer = await RUNS[name](adapter, fixture);
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
