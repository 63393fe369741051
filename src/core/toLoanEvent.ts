import type { LoanEvent } from './schemas/loanEvent.js';
import type { WebhookEnvelope } from './schemas/webhookEvent.js';

/**
 * What browsers are told of a webhook event: its id, type and time, the loan it belongs to and
 * the policy it names, if any. Nothing else of the envelope (partner, external id) leaves the
 * server.
 */
export function toLoanEvent(event: WebhookEnvelope, loanId: string): LoanEvent {
  const { policyId } = event.data;
  return {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    loanId,
    ...(typeof policyId === 'string' && policyId !== '' ? { policyId } : {}),
  };
}
