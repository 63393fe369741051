import { setupServer } from 'msw/node';

/**
 * The MSW server of the `dom` test project, started by `test/setup/dom.ts`. Tests add handlers
 * with `mswServer.use(...)`; any request no handler answers fails the test.
 */
export const mswServer = setupServer();
