/** Why the receiver refused a delivery, in words for the operator (never a secret or body). */
export interface WebhookRefusal {
  /** What went wrong, e.g. `invalid signature`. */
  reason: string;
  /** The setting to check, e.g. ``check `secret` (WEBHOOK_SECRET)``. */
  fix: string;
}

/** What the receiver last did with deliveries, since this process started. */
export interface WebhookHealthSnapshot {
  /** The last refused delivery (authentication or signature), with when (ms since the epoch). */
  lastRefused: (WebhookRefusal & { at: number }) | null;
  /** When a delivery was last verified and taken (ms since the epoch). */
  lastAcceptedAt: number | null;
  refusedCount: number;
  acceptedCount: number;
}

/**
 * A small in-memory record of the webhook receiver's deliveries. The receiver writes it; the
 * BFF reads it (both reach it through the relay they share) to explain why a shopped loan's
 * event never came.
 */
export interface WebhookHealth {
  refused(refusal: WebhookRefusal, at: number): void;
  accepted(at: number): void;
  snapshot(): WebhookHealthSnapshot;
}

/**
 * Creates a {@link WebhookHealth}. It keeps the last refusal and counts, nothing per delivery,
 * so a flood of refused deliveries does not grow it.
 */
export function createWebhookHealth(): WebhookHealth {
  let lastRefused: WebhookHealthSnapshot['lastRefused'] = null;
  let lastAcceptedAt: number | null = null;
  let refusedCount = 0;
  let acceptedCount = 0;
  return {
    refused(refusal, at) {
      lastRefused = { reason: refusal.reason, fix: refusal.fix, at };
      refusedCount++;
    },
    accepted(at) {
      lastAcceptedAt = at;
      acceptedCount++;
    },
    snapshot: () => ({
      lastRefused: lastRefused && { ...lastRefused },
      lastAcceptedAt,
      refusedCount,
      acceptedCount,
    }),
  };
}
