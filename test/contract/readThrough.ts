import { createHttpAdapter } from '../../src/adapter/index.js';
import type { ServiceClientLogger } from '../../src/server/client/ServiceClientOptions.js';
import type { BrowserOperation } from './adapterRuns.js';
import { ADAPTER_RUNS } from './adapterRuns.js';
import { createStandInBff } from './createStandInBff.js';
import type { ServiceFixture } from './serviceFixtures.js';
import { fixtureOf, loadServiceFixtures } from './serviceFixtures.js';

/** How one call ended: its value, or the error it threw. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const settle = (run: Promise<unknown>): Promise<Outcome> =>
  run.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/** A logger that keeps every line, to look for what was said. */
export function keptLog() {
  const lines: Array<{ level: string; message: string; meta?: Record<string, unknown> }> = [];
  const logger: ServiceClientLogger & { error(m: string, meta?: Record<string, unknown>): void } = {
    warn: (message, meta) => lines.push({ level: 'warn', message, ...(meta ? { meta } : {}) }),
    error: (message, meta) => lines.push({ level: 'error', message, ...(meta ? { meta } : {}) }),
  };
  return { lines, logger };
}

const canonical = loadServiceFixtures().filter((f) => !f.file.includes('/'));

/**
 * One answer of the service read twice, as the library reads it: by a service client called
 * directly (what a lender's server code gets), and by a browser's adapter through the BFF (what
 * a page gets). A stand-in service answers `fixture` with `body`, and the documented fixtures for
 * every other operation (the TCPA consent before a call, the token).
 */
export async function readThrough(fixture: ServiceFixture, body: unknown) {
  const varied: ServiceFixture = { ...fixture, response: { ...fixture.response, body } };
  const { lines, logger } = keptLog();
  const request = fixture.request ?? fixtureOf(fixture.operation).request;
  // The same client answers the direct call and serves the BFF, as in a lender's server.
  const { client: direct, bff } = createStandInBff([...canonical, varied], {
    clientLogger: logger,
    bff: { loanCacheTtlMs: 0 },
  });
  const directOutcome = await settle(
    direct.call(fixture.operation as BrowserOperation, {
      params: fixture.params,
      ...(request === undefined ? {} : { body: request as never }),
    }),
  );
  const adapter = createHttpAdapter({
    baseUrl: 'https://portal.test/api/insurance',
    fetch: (input, init) => bff.handler(new Request(input, init)),
  });
  try {
    const browser = await settle(
      ADAPTER_RUNS[fixture.operation as BrowserOperation](adapter, fixture),
    );
    return { direct: directOutcome, browser, lines };
  } finally {
    await bff.close();
  }
}
