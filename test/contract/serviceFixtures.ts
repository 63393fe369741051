import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PathParams, ServiceOperationName } from '../../src/core/index.js';
import { OPERATION_NAMES, operations } from '../../src/core/index.js';

/** The folder of service bodies: one file per operation, plus any captured ones dropped in. */
// From the working directory (the repository's root, where tests run): in the jsdom project a
// module's URL is not a file URL.
export const FIXTURE_DIR = join(process.cwd(), 'test/fixtures/service');

/** One exchange with the service, as `test/fixtures/service/README.md` describes it. */
export interface ServiceFixture {
  /** Path below the fixture folder, e.g. `getPolicy.json` or `captured/policy-2026-11.json`. */
  file: string;
  operation: ServiceOperationName;
  /** The ids of the operation's path. */
  params: PathParams;
  /** The body the library sends (writes with a body), when the fixture shows it. */
  request?: unknown;
  response: { status: number; body?: unknown; headers?: Record<string, string> };
}

/** Every operation the service implements (the facts file's path table). */
export const SERVICE_OPERATIONS = OPERATION_NAMES.filter(
  (name) => operations[name].upstream !== null,
) as ServiceOperationName[];

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

function check(file: string, raw: unknown): ServiceFixture {
  const fail = (why: string): never => {
    throw new Error(`test/fixtures/service/${file}: ${why}`);
  };
  if (raw === null || typeof raw !== 'object') return fail('must be a JSON object');
  const f = raw as Record<string, unknown>;
  const operation = f.operation as ServiceOperationName;
  if (!SERVICE_OPERATIONS.includes(operation)) {
    return fail(`"operation" must be one of ${SERVICE_OPERATIONS.join(', ')}`);
  }
  const response = f.response as ServiceFixture['response'] | undefined;
  if (!response || typeof response.status !== 'number') {
    return fail('"response" must be { "status": <number>, "body": <the JSON answer> }');
  }
  const params = (f.params ?? {}) as PathParams;
  for (const id of operations[operation].pathIds) {
    if (typeof params[id] !== 'string') fail(`"params" must name the ${id} the answer is about`);
  }
  return {
    file,
    operation,
    params,
    ...(f.request === undefined ? {} : { request: f.request }),
    response,
  };
}

/** Every fixture of the folder, checked; a malformed one fails with its file and what to fix. */
export function loadServiceFixtures(): ServiceFixture[] {
  return jsonFiles(FIXTURE_DIR).map((path) =>
    check(relative(FIXTURE_DIR, path), JSON.parse(readFileSync(path, 'utf8'))),
  );
}

/** The folder's own fixture of an operation (`<operation>.json`). */
export function fixtureOf(operation: ServiceOperationName): ServiceFixture {
  const found = loadServiceFixtures().find((f) => f.file === `${operation}.json`);
  if (!found) throw new Error(`test/fixtures/service/${operation}.json is missing`);
  return found;
}
