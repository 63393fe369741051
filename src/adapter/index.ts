export { createHttpAdapter } from './createHttpAdapter.js';
export type { HttpAdapterOptions } from './HttpAdapterOptions.js';
export type {
  AdapterCallOptions,
  EventConnectionState,
  InsuranceAdapter,
  SubscribeOptions,
} from './InsuranceAdapter.js';
