import type { BffOperationName } from '../../core/operations.js';
import type { ServiceClient } from '../client/ServiceClient.js';
import type { EventRelay } from '../events/createEventRelay.js';
import type { HintLog } from '../events/createHintLog.js';
import type { Store } from '../store/Store.js';
import type { AdvisorCallGuard } from './createAdvisorCallGuard.js';
import type { ConsentBook } from './createConsentBook.js';
import type { LoanCache } from './createLoanCache.js';
import type { QuotingWatch } from './createQuotingWatch.js';
import type { StreamRegistry } from './createStreamRegistry.js';
import type { WriteJournal } from './createWriteJournal.js';
import type { DocumentLinkRule } from './DocumentLinkRule.js';
import type {
  BffAuthorizeContext,
  BffFairnessContext,
  BffLogger,
  InsuranceBffOptions,
  RateWindow,
} from './InsuranceBffOptions.js';
import type { LoanChange } from './LoanChange.js';

/** The resolved options and the parts a BFF is built from, shared by its request handling. */
export interface BffContext<S extends { id: string }> {
  client: ServiceClient;
  getSession(request: Request): S | null | Promise<S | null>;
  authorize(ctx: BffAuthorizeContext<S>): boolean | Promise<boolean>;
  onLoanCreated: InsuranceBffOptions<S>['onLoanCreated'];
  prepareApplication: InsuranceBffOptions<S>['prepareApplication'];
  /** The key a client's share of the rate budget is counted under (default: the session id). */
  fairnessKey(ctx: BffFairnessContext<S>): string | Promise<string>;
  basePath: string;
  store: Store;
  relay: EventRelay;
  csrfHeader: { name: string; value: string };
  allowedOrigins: readonly string[];
  maxBodyBytes: number;
  /** Each fairness key's share of the rate-limited operations. */
  fairShare: RateWindow;
  /** Writes per session. */
  sessionWrites: RateWindow;
  heartbeatMs: number;
  sessionCheckMs: number;
  /** Which hosts may serve document links (any public one unless `documentHosts` pins them). */
  documentHosts: DocumentLinkRule;
  /** Extra answer fields the host lets through, per operation (dotted paths). */
  exposeFields: Partial<Record<BffOperationName, readonly string[]>>;
  logger: BffLogger;
  /** Where failures that name a setting to fix are logged, once a minute per cause. */
  hints: HintLog;
  /** Steps in when a shopped loan's event does not come. */
  quotingWatch: QuotingWatch;
  journal: WriteJournal;
  loanCache: LoanCache;
  /** Applies a write's change to the loan cache here and on every other instance. */
  loanWritten(loanId: string, change: LoanChange): Promise<void>;
  consents: ConsentBook;
  advisorCalls: AdvisorCallGuard;
  /** The open event streams, per session. */
  streams: StreamRegistry;
  /** Settles once the loan cache follows the relay's events. */
  followingEvents: Promise<unknown>;
}
