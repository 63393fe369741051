import type { LoanEvent, RelayedEvent } from '../../core/schemas/loanEvent.js';
import type { WebhookEnvelope } from '../../core/schemas/webhookEvent.js';
import { toLoanEvent } from '../../core/toLoanEvent.js';
import type { Store, SubscribeOptions } from '../store/Store.js';

/** Fans verified webhook events out to every BFF instance, per loan, with a short backlog. */
export interface EventRelay {
  /**
   * Relays an event to its loan's subscribers and backlog, linking a policy to its loan. The loan
   * comes from `data.loanId`, else from the `externalId` the application was created with, else
   * from a policy already linked. Returns the loan id, or null when no loan is known. An event
   * id is relayed once however often it is handed in (a webhook redelivered after a crash).
   */
  publish(event: WebhookEnvelope): Promise<string | null>;
  /**
   * Calls `listener` for each event relayed to the loan from now on, from any instance.
   * `onInterrupted` says live events may have been missed (see `SubscribeOptions`): resume
   * with `read` from the last cursor.
   */
  subscribe(
    loanId: string,
    listener: (entry: RelayedEvent) => void,
    options?: SubscribeOptions,
  ): Promise<() => Promise<void>>;
  /** Calls `listener` for every event relayed to any loan from now on, from any instance. */
  subscribeAll(
    listener: (entry: RelayedEvent) => void,
    options?: SubscribeOptions,
  ): Promise<() => Promise<void>>;
  /** The backlog of a loan after `cursor` (everything kept when null), oldest first. */
  read(loanId: string, cursor: string | null): Promise<RelayedEvent[]>;
  /**
   * Remembers that `externalId` names this loan (call it when a loan is created), scoped to the
   * platform partner's lender client when there is one (events name it in `data.partnerId`).
   */
  linkExternalId(externalId: string, loanId: string, partnerId?: string): Promise<void>;
  /** The loan a policy belongs to, as learned from events; null when unknown. */
  policyLoan(policyId: string): Promise<string | null>;
}

/** Options of {@link createEventRelay}. */
export interface EventRelayOptions {
  store: Store;
  /** Events kept per loan for resuming streams. Default 100. */
  backlogLength?: number;
  /** How long a loan's backlog and links are kept. Default 14 days. */
  retentionMs?: number;
}

const DAY = 24 * 3600 * 1000;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Creates an {@link EventRelay} over a {@link Store}. */
export function createEventRelay(options: EventRelayOptions): EventRelay {
  const { store } = options;
  const backlog = options.backlogLength ?? 100;
  const retention = options.retentionMs ?? 14 * DAY;
  const keys = {
    external: (scope: string, externalId: string) => `lir:ext:${scope}:${externalId}`,
    policy: (policyId: string) => `lir:policy:${policyId}`,
    stream: (loanId: string) => `lir:events:${loanId}`,
    channel: (loanId: string) => `lir:loan:${loanId}`,
    all: 'lir:loans',
    relayed: (eventId: string) => `lir:relayed:${eventId}`,
  };

  async function loanOf(event: WebhookEnvelope): Promise<string | null> {
    const data = event.data;
    const direct = str(data.loanId);
    if (direct) return direct;
    const externalId = str(data.externalId);
    if (externalId) {
      // A standard partner's links are unscoped ('_'); a platform's are under its lender client.
      const partnerId = str(data.partnerId);
      const scoped = partnerId ? await store.get(keys.external(partnerId, externalId)) : null;
      const viaExternal = scoped ?? (await store.get(keys.external('_', externalId)));
      if (viaExternal) return viaExternal;
    }
    const policyId = str(data.policyId);
    return policyId ? store.get(keys.policy(policyId)) : null;
  }

  return {
    async publish(event) {
      const loanId = await loanOf(event);
      if (!loanId) return null;
      // Checked before and marked after: a crash in between relays twice, never zero times.
      if ((await store.get(keys.relayed(event.id))) !== null) return loanId;
      const policyId = str(event.data.policyId);
      if (policyId) await store.set(keys.policy(policyId), loanId, retention);
      const loanEvent = toLoanEvent(event, loanId);
      const message = JSON.stringify(loanEvent);
      const cursor = await store.append(keys.stream(loanId), message, backlog, retention);
      const relayed = JSON.stringify({ cursor, event: loanEvent });
      await store.publish(keys.channel(loanId), relayed);
      await store.publish(keys.all, relayed);
      await store.set(keys.relayed(event.id), '1', retention);
      return loanId;
    },
    subscribe(loanId, listener, subscribeOptions) {
      return store.subscribe(
        keys.channel(loanId),
        (message) => listener(JSON.parse(message) as RelayedEvent),
        subscribeOptions,
      );
    },
    subscribeAll(listener, subscribeOptions) {
      return store.subscribe(
        keys.all,
        (message) => listener(JSON.parse(message) as RelayedEvent),
        subscribeOptions,
      );
    },
    async read(loanId, cursor) {
      const entries = await store.readAfter(keys.stream(loanId), cursor);
      return entries.map((e) => ({ cursor: e.id, event: JSON.parse(e.message) as LoanEvent }));
    },
    linkExternalId: (externalId, loanId, partnerId) =>
      store.set(keys.external(partnerId ?? '_', externalId), loanId, retention),
    policyLoan: (policyId) => store.get(keys.policy(policyId)),
  };
}
