import { http } from 'msw';
import type { MockBff, MockBffOptions } from '../mockBff/createMockBff.js';
import { createMockBff } from '../mockBff/createMockBff.js';
import { HOSTED_PREFIX } from '../sandbox/hostedUrl.js';

/** What {@link createInsuranceHandlers} returns: the handlers and the mock BFF behind them. */
export interface InsuranceHandlers {
  /** Pass to `setupServer(...handlers)`, `setupWorker(...handlers)` or Storybook's `msw`. */
  handlers: ReturnType<typeof http.all>[];
  bff: MockBff;
}

/**
 * MSW handlers that answer the BFF's routes (and the sandbox's hosted pages, on any host: its
 * documents and logos come from its asset origin) from a sandbox in the same process, so hooks and components work in tests and stories with no server. Combine
 * with the scenario handlers (`rateLimited`, `failing`, `offline`, `pending`) placed first.
 *
 * @example
 * const { handlers, bff } = createInsuranceHandlers({ sandbox: createSandboxService({ clock: 'manual' }) });
 * const server = setupServer(...handlers);
 */
export function createInsuranceHandlers(options: MockBffOptions = {}): InsuranceHandlers {
  const bff = createMockBff(options);
  return {
    bff,
    handlers: [
      http.all(`*${bff.basePath}/*`, ({ request }) => bff.handler(request)),
      http.all(`*${HOSTED_PREFIX}*`, ({ request }) => bff.handler(request)),
    ],
  };
}
