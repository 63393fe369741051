export type { LoanApplicationFixtureOverrides } from './createLoanApplicationFixture.js';
export { createLoanApplicationFixture } from './createLoanApplicationFixture.js';
export type { MockBff, MockBffOptions } from './mockBff/createMockBff.js';
export { createMockBff } from './mockBff/createMockBff.js';
export type {
  ClockTask,
  SandboxClock,
  SandboxClockOptions,
} from './sandbox/createSandboxClock.js';
export { createSandboxClock } from './sandbox/createSandboxClock.js';
export type {
  SandboxFault,
  SandboxLoanSnapshot,
  SandboxService,
  SandboxServiceOptions,
} from './sandbox/createSandboxService.js';
export {
  createSandboxService,
  EVENTS_PATH,
  SANDBOX_DEFAULTS,
} from './sandbox/createSandboxService.js';
export type {
  DeliveryAttempt,
  SandboxLogger,
  WebhookTarget,
} from './sandbox/createWebhookDispatcher.js';
export { RETRIEVAL_USERS } from './sandbox/hostedRoutes.js';
export type { ProductionLikeOptions } from './sandbox/productionLike/ProductionLikeOptions.js';
export type { ProductionLike } from './sandbox/productionLike/resolveProductionLike.js';
export type { SandboxCarrier } from './sandbox/sandboxCarriers.js';
export { SANDBOX_CARRIERS } from './sandbox/sandboxCarriers.js';
export type { SandboxClientConfig } from './sandbox/sandboxClientConfig.js';
export type { SandboxCallTask } from './sandbox/sandboxTypes.js';
export type { SeedLoanOptions } from './sandbox/seedLoan.js';
export {
  BIND_POLICY_FIRST_NAME,
  CANCELLED_POLICY_FIRST_NAME,
  RATING_ERROR_FIRST_NAME,
  SUPPLEMENTAL_LAST_NAMES,
} from './sandbox/shopping.js';
export { signWebhookBody } from './signWebhookBody.js';
