import type { GenericSchema } from 'valibot';
import { operationInputs } from './operationInputs.js';
import { operationOutputs } from './operationOutputs.js';
import type { OperationRoute } from './operationRoutes.js';
import { operationRoutes } from './operationRoutes.js';

export type { HttpMethod, OperationRoute, Route } from './operationRoutes.js';
export { DEFAULT_BFF_BASE_PATH, DEFAULT_CSRF_HEADER, trimBasePath } from './operationRoutes.js';

/** One row of the operation table. */
export interface OperationDefinition extends OperationRoute {
  /** Loads the request body's schema, on first use; `null` for no body. */
  readonly input: (() => Promise<GenericSchema>) | null;
  /** Tolerant parser of the success body; `null` when the service answers 204. */
  readonly output: GenericSchema | null;
}

/** The name of an operation in {@link operations}. */
export type OperationName = keyof typeof operationRoutes;

type Operations = {
  readonly [K in OperationName]: (typeof operationRoutes)[K] & {
    readonly input: (typeof operationInputs)[K];
    readonly output: (typeof operationOutputs)[K];
  };
};

/**
 * THE operation table: every operation of the service, the BFF route that exposes it to
 * browsers (`operationRoutes`), the schema of its body (`operationInputs`) and the parser of its
 * answer (`operationOutputs`). The service
 * client, the BFF router, the sandbox and the MSW handlers are all driven by it; no other module
 * spells a path. Browser code that only routes (the HTTP adapter) reads `operationRoutes`.
 */
export const operations = Object.fromEntries(
  (Object.keys(operationRoutes) as OperationName[]).map((name) => [
    name,
    { ...operationRoutes[name], input: operationInputs[name], output: operationOutputs[name] },
  ]),
) as Operations;

/** Every operation name, in table order. */
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

/** Operations the service itself implements (those with an upstream route). */
export type ServiceOperationName = {
  [K in OperationName]: (typeof operations)[K]['upstream'] extends null ? never : K;
}[OperationName];

/** Operations a browser may call through the BFF (those with a BFF route). */
export type BffOperationName = {
  [K in OperationName]: (typeof operations)[K]['bff'] extends null ? never : K;
}[OperationName];
