// The server entry: everything that needs the client secret. The service contract it shares
// with the browser entry is re-exported so server code never imports the browser entry.
export * from '../core/index.js';
// The upstream routes concern the server only, so they are not in the browser entry.
export { parseServiceRoutes } from '../core/parseServiceRoutes.js';
export type { ResolvedServiceRoutes, ServiceRoutes } from '../core/resolveServiceRoutes.js';
export { resolveServiceRoutes } from '../core/resolveServiceRoutes.js';
export * from './bff/index.js';
export { createServiceClient } from './client/createServiceClient.js';
export { diagnoseServiceError } from './client/diagnoseServiceError.js';
export type {
  CallPriority,
  ClientOperationName,
  OperationInput,
  OperationOutput,
  ServiceCallOptions,
  ServiceClient,
} from './client/ServiceClient.js';
export type { ServiceClientLogger, ServiceClientOptions } from './client/ServiceClientOptions.js';
export { SERVICE_CLIENT_DEFAULTS } from './client/serviceClientDefaults.js';
export type { ServiceDiagnosis } from './client/serviceDiagnoses.js';
export type { ConfigurationProblem } from './config/ConfigurationError.js';
export { ConfigurationError } from './config/ConfigurationError.js';
export { readServiceEnv } from './config/readServiceEnv.js';
export type { EnvSource, ServiceClientEnv, ServiceEnv, WebhookEnv } from './config/ServiceEnv.js';
export type { RouteHandlers, RouteHandlersOptions } from './createRouteHandlers.js';
export { createRouteHandlers } from './createRouteHandlers.js';
export type {
  DoctorCheck,
  DoctorCheckId,
  DoctorCheckStatus,
  DoctorReport,
} from './doctor/DoctorReport.js';
export type { DoctorOptions } from './doctor/runDoctor.js';
export { runDoctor } from './doctor/runDoctor.js';
export type {
  EventRelay,
  EventRelayLogger,
  EventRelayOptions,
  PolicyLink,
} from './events/createEventRelay.js';
export { createEventRelay } from './events/createEventRelay.js';
export type {
  WebhookHealth,
  WebhookHealthSnapshot,
  WebhookRefusal,
} from './events/createWebhookHealth.js';
export type { MemoryStoreOptions } from './store/createMemoryStore.js';
export { createMemoryStore } from './store/createMemoryStore.js';
export type {
  CachedToken,
  SlotResult,
  Store,
  StreamEntry,
  SubscribeOptions,
} from './store/Store.js';
export { StoreUnavailableError } from './store/StoreUnavailableError.js';
export type { FetchHandler, NodeRequestListener } from './toNodeHandler.js';
export { toNodeHandler } from './toNodeHandler.js';
export type { BasicAuthCredentials } from './webhooks/createBasicAuthCheck.js';
export type {
  WebhookDeliveryHeaders,
  WebhookEventContext,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookLogger,
} from './webhooks/createWebhookHandler.js';
export { createWebhookHandler } from './webhooks/createWebhookHandler.js';
export { verifyWebhookSignature } from './webhooks/verifyWebhookSignature.js';
