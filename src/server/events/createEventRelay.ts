import type { LoanEvent, RelayedEvent } from '../../core/schemas/loanEvent.js';
import type { WebhookEnvelope } from '../../core/schemas/webhookEvent.js';
import { toLoanEvent } from '../../core/toLoanEvent.js';
import { consoleLogger } from '../consoleLogger.js';
import type { Store, SubscribeOptions } from '../store/Store.js';
import type { WebhookHealth } from './createWebhookHealth.js';
import { createWebhookHealth } from './createWebhookHealth.js';

/** A policy the relay tied to exactly one loan application. */
export interface PolicyLink {
  policyId: string;
  loanId: string;
  /** The platform partner's lender client named by the event, if any. */
  partnerId?: string;
}

/** Where the relay reports events it could not tie to one application. */
export interface EventRelayLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** Fans verified webhook events out to every BFF instance, per loan, with a short backlog. */
export interface EventRelay {
  /**
   * Relays an event to its loan's subscribers and backlog, linking a policy to its loan. The loan
   * comes from `data.loanId`, else from a link the policy already has, else from the
   * `externalId` the application was created with, when that names exactly one application.
   * Returns the loan id, or null when the event cannot be tied to exactly one application: then
   * no browser sees it (it is logged; the webhook receiver hands it to the host's `onEvent`).
   * An event id is relayed once however often it is handed in (a webhook redelivered after a
   * crash).
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
   * An external id already naming another loan names none from then on: an event carrying it
   * could belong to either, so it is linked to neither.
   */
  linkExternalId(externalId: string, loanId: string, partnerId?: string): Promise<void>;
  /** The loan a policy belongs to, as learned from events; null when unknown. */
  policyLoan(policyId: string): Promise<string | null>;
  /**
   * What the webhook receiver publishing to this relay last refused and accepted, in this
   * process. The receiver records it; the BFF reads it to say why a shopped loan's event never
   * came. Optional, so a relay of the host's own may leave it out.
   */
  readonly webhookHealth?: WebhookHealth;
}

/** Options of {@link createEventRelay}. */
export interface EventRelayOptions {
  store: Store;
  /** Events kept per loan for resuming streams. Default 100. */
  backlogLength?: number;
  /** How long a loan's backlog is kept. Default 14 days (the service's delivery window). */
  retentionMs?: number;
  /**
   * How long the links from external ids and policies to loans are kept: as long as a borrower
   * may come back for the policy. Default 400 days.
   */
  linkRetentionMs?: number;
  /**
   * Called when a policy is first tied to its loan (and again if its event names another
   * loan), before the link is stored: a throw fails the event, which the service delivers
   * again, so the call is at least once.
   */
  onPolicyLinked?: (link: PolicyLink) => void | Promise<void>;
  /** Default: `console`. */
  logger?: EventRelayLogger;
}

const DAY = 24 * 3600 * 1000;
/** The value of an external id's link once two applications claimed it (no loan id has `*`). */
const AMBIGUOUS = '*';
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Creates an {@link EventRelay} over a {@link Store}. */
export function createEventRelay(options: EventRelayOptions): EventRelay {
  const { store } = options;
  const backlog = options.backlogLength ?? 100;
  const retention = options.retentionMs ?? 14 * DAY;
  const linkRetention = options.linkRetentionMs ?? 400 * DAY;
  const logger = options.logger ?? consoleLogger;
  const keys = {
    external: (scope: string, externalId: string) => `lir:ext:${scope}:${externalId}`,
    policy: (policyId: string) => `lir:policy:${policyId}`,
    stream: (loanId: string) => `lir:events:${loanId}`,
    channel: (loanId: string) => `lir:loan:${loanId}`,
    all: 'lir:loans',
    relayed: (eventId: string) => `lir:relayed:${eventId}`,
  };

  /** The loan of an external id: a loan id, AMBIGUOUS, or null when none is linked. */
  async function externalLoan(data: WebhookEnvelope['data']): Promise<string | null> {
    const externalId = str(data.externalId);
    if (!externalId) return null;
    // A standard partner's links are unscoped ('_'); a platform's are under its lender client.
    const partnerId = str(data.partnerId);
    const scoped = partnerId ? await store.get(keys.external(partnerId, externalId)) : null;
    return scoped ?? (await store.get(keys.external('_', externalId)));
  }

  /** The one loan an event belongs to, or why there is none. */
  async function loanOf(event: WebhookEnvelope): Promise<string | { unlinked: string }> {
    const { data } = event;
    const direct = str(data.loanId);
    if (direct) return direct;
    const policyId = str(data.policyId);
    const linked = policyId ? await store.get(keys.policy(policyId)) : null;
    if (linked) return linked;
    const viaExternal = await externalLoan(data);
    if (viaExternal === AMBIGUOUS) return { unlinked: 'external id of several applications' };
    return viaExternal ?? { unlinked: 'no loan id, and no application with its external id' };
  }

  // The event this process relayed last, as its subscribers would read it back: a subscriber the
  // store calls with that very message (the memory store calls them during `publish`) gets a copy
  // of it, the same object `JSON.parse` would give, without parsing the message again.
  let lastRelayed: { message: string; cursor: string; event: LoanEvent } | undefined;
  const entryOf = (message: string): RelayedEvent =>
    lastRelayed !== undefined && message === lastRelayed.message
      ? { cursor: lastRelayed.cursor, event: { ...lastRelayed.event } }
      : (JSON.parse(message) as RelayedEvent);

  async function linkPolicy(event: WebhookEnvelope, loanId: string): Promise<void> {
    const policyId = str(event.data.policyId);
    if (!policyId || (await store.get(keys.policy(policyId))) === loanId) return;
    const partnerId = str(event.data.partnerId);
    await options.onPolicyLinked?.({ policyId, loanId, ...(partnerId ? { partnerId } : {}) });
    await store.set(keys.policy(policyId), loanId, linkRetention);
  }

  return {
    async publish(event) {
      // Most events name their loan: no lookup, and no wait for one.
      const loanId = str(event.data.loanId) ?? (await loanOf(event));
      if (typeof loanId !== 'string') {
        logger.warn(
          'insurance relay: the event cannot be tied to exactly one application; no browser sees it',
          { eventId: event.id, type: event.type, reason: loanId.unlinked },
        );
        return null;
      }
      // Checked before and marked after: a crash in between relays twice, never zero times.
      const relayedKey = keys.relayed(event.id);
      if ((await store.get(relayedKey)) !== null) return loanId;
      if (str(event.data.policyId)) await linkPolicy(event, loanId);
      const loanEvent = toLoanEvent(event, loanId);
      const message = JSON.stringify(loanEvent);
      const cursor = await store.append(keys.stream(loanId), message, backlog, retention);
      // JSON.stringify({ cursor, event: loanEvent }), without writing the event a second time.
      const relayed = `{"cursor":${JSON.stringify(cursor)},"event":${message}}`;
      const entry = { message: relayed, cursor, event: loanEvent };
      // Set before each call: another delivery may have relayed its event in between.
      lastRelayed = entry;
      await store.publish(keys.channel(loanId), relayed);
      lastRelayed = entry;
      await store.publish(keys.all, relayed);
      await store.set(relayedKey, '1', retention);
      return loanId;
    },
    subscribe(loanId, listener, subscribeOptions) {
      return store.subscribe(
        keys.channel(loanId),
        (message) => listener(entryOf(message)),
        subscribeOptions,
      );
    },
    subscribeAll(listener, subscribeOptions) {
      return store.subscribe(keys.all, (message) => listener(entryOf(message)), subscribeOptions);
    },
    async read(loanId, cursor) {
      const entries = await store.readAfter(keys.stream(loanId), cursor);
      return entries.map((e) => ({ cursor: e.id, event: JSON.parse(e.message) as LoanEvent }));
    },
    async linkExternalId(externalId, loanId, partnerId) {
      const key = keys.external(partnerId ?? '_', externalId);
      let current: string | null = null;
      // Twice: the link may expire between a failed claim and the read.
      for (let attempt = 0; attempt < 2 && current === null; attempt++) {
        if (await store.setIfAbsent(key, loanId, linkRetention)) return;
        current = await store.get(key);
      }
      if (current === loanId || current === AMBIGUOUS) return;
      // First writer does not win: neither application may receive the other's policy.
      await store.set(key, AMBIGUOUS, linkRetention);
      logger.warn(
        'insurance relay: an external id now names several applications; its events will reach none',
        { loanId },
      );
    },
    policyLoan: (policyId) => store.get(keys.policy(policyId)),
    webhookHealth: createWebhookHealth(),
  };
}
