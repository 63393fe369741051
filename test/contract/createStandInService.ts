import type { ServiceOperationName } from '../../src/core/index.js';
import { matchOperation } from '../../src/core/index.js';
import { SANDBOX_DEFAULTS } from '../../src/testing/index.js';
import type { ServiceFixture } from './serviceFixtures.js';

/** A request the stand-in received for an operation. */
export interface ReceivedRequest {
  operation: ServiceOperationName;
  path: string;
  /** The JSON body, or `undefined` when none was sent. */
  body: unknown;
  /** The `Authorization` header it came with. */
  authorization: string | null;
}

/** Options of {@link createStandInService}. */
export interface StandInOptions {
  /** The service's path prefix. Default `/lenders`, as the sandbox's. */
  basePath?: string;
}

/**
 * A stand-in for the service that answers exactly the fixtures' bodies: a token for any
 * credentials, and for each operation the answer of the fixture given for it (the last one
 * given wins). Everything it received is recorded.
 */
export function createStandInService(
  fixtures: readonly ServiceFixture[],
  options: StandInOptions = {},
) {
  const basePath = options.basePath ?? SANDBOX_DEFAULTS.basePath;
  const answers = new Map<string, ServiceFixture>();
  const received: ReceivedRequest[] = [];
  const use = (fixture: ServiceFixture) => answers.set(fixture.operation, fixture);
  for (const fixture of fixtures) use(fixture);

  async function handler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length);
    const match = matchOperation('upstream', request.method, path);
    const text = await request.text();
    if (match.kind !== 'matched') return new Response('Not found', { status: 404 });
    const operation = match.name as ServiceOperationName;
    received.push({
      operation,
      path,
      body: text === '' ? undefined : JSON.parse(text),
      authorization: request.headers.get('authorization'),
    });
    const fixture: Pick<ServiceFixture, 'response'> | undefined =
      answers.get(operation) ??
      (operation === 'createToken'
        ? {
            response: {
              status: 200,
              body: { access_token: 'stand.in.token', expires_in: 86_400, token_type: 'Bearer' },
            },
          }
        : undefined);
    if (!fixture) return new Response(`No fixture for ${operation}`, { status: 501 });
    const { status, body, headers } = fixture.response;
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  }

  return {
    handler,
    /** Answers with this fixture from now on for its operation. */
    use,
    received,
    /** What was received for one operation. */
    of: (operation: ServiceOperationName) => received.filter((r) => r.operation === operation),
  };
}

/** What {@link createStandInService} returns. */
export type StandInService = ReturnType<typeof createStandInService>;
