import type { WebhookEnvelope } from '../../core/schemas/webhookEvent.js';
import type { SandboxClock } from './createSandboxClock.js';
import type { ProductionLike } from './productionLike/resolveProductionLike.js';
import type {
  PartnerScope,
  SandboxCallTask,
  SandboxDocument,
  SandboxLoan,
  SandboxPolicy,
  SandboxRetrieval,
} from './sandboxTypes.js';

/** The state and services the operation implementations share (internal to the sandbox). */
export interface SandboxRuntime {
  clock: SandboxClock;
  sandboxPassword: string;
  documentUrlTtlMs: number;
  quoteDelayMs: () => number;
  loans: Map<string, SandboxLoan>;
  policies: Map<string, SandboxPolicy>;
  documents: Map<string, SandboxDocument>;
  retrievals: Map<string, SandboxRetrieval>;
  shortCodes: Map<string, string>;
  tasks: SandboxCallTask[];
  /** Records an event and hands it to the webhook dispatcher. */
  emit(
    partner: PartnerScope,
    type: string,
    objectType: string,
    data: Record<string, unknown>,
  ): WebhookEnvelope;
  /** Where documents and carrier logos are served: another origin than the API's. */
  assetOrigin: string;
  /** The production-like mode's settings, or `null` when it is off. */
  productionLike: ProductionLike | null;
  /** A signed, expiring download URL for a document, on the asset origin. */
  documentUrl(doc: SandboxDocument): Promise<string>;
}

/** What an operation implementation receives. */
export interface SandboxRequest {
  partner: PartnerScope;
  params: { loanId?: string; quoteId?: string; policyId?: string };
  /** The validated body (output of the operation's input schema), if it has one. */
  body: unknown;
  /** Origin of the request, used for the hosted URLs of new resources. */
  origin: string;
}

/** An operation implementation. */
export type SandboxOperation = (
  rt: SandboxRuntime,
  req: SandboxRequest,
) => Promise<Response> | Response;
