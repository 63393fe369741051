import type { ServiceClient } from '../client/ServiceClient.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { Store } from '../store/Store.js';
import type { CallThrottle } from './createCallThrottle.js';
import type { ConsentBook } from './createConsentBook.js';
import type { IdempotencyGuard } from './createIdempotencyGuard.js';
import type { LoanCache } from './createLoanCache.js';
import type { BffAuthorizeContext, BffLogger, InsuranceBffOptions } from './InsuranceBffOptions.js';

/** The resolved options and the parts a BFF is built from, shared by its request handling. */
export interface BffContext<S extends { id: string }> {
  client: ServiceClient;
  getSession(request: Request): S | null | Promise<S | null>;
  authorize(ctx: BffAuthorizeContext<S>): boolean | Promise<boolean>;
  onLoanCreated: InsuranceBffOptions<S>['onLoanCreated'];
  basePath: string;
  store: Store;
  relay: EventRelay;
  csrfHeader: { name: string; value: string };
  allowedOrigins: readonly string[];
  maxBodyBytes: number;
  sessionRateLimit: { limit: number; windowMs: number };
  heartbeatMs: number;
  documentHosts: readonly string[] | undefined;
  logger: BffLogger;
  idempotency: IdempotencyGuard;
  loanCache: LoanCache;
  consents: ConsentBook;
  callThrottle: CallThrottle;
  /** Stops of the open event streams. */
  openStreams: Set<() => void>;
  /** Settles once the loan cache follows the relay's events. */
  followingEvents: Promise<unknown>;
}
