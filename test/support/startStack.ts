import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { Store } from '../../src/server/store/Store.js';
import type { WebhookHandlerOptions } from '../../src/server/webhooks/createWebhookHandler.js';
import { createWebhookHandler } from '../../src/server/webhooks/createWebhookHandler.js';
import type { ClusterOptions } from './startCluster.js';
import { startCluster } from './startCluster.js';

export type { UpstreamRequest } from './startCluster.js';
export { API, SESSION_HEADER, WEBHOOK_PATH } from './startCluster.js';

/** Options of {@link startStack}. */
export interface StackOptions extends Omit<ClusterOptions, 'instances' | 'store'> {
  /** Default: a memory store. */
  store?: Store;
  /**
   * Options of the webhook receiver beyond the stack's own (secret, store, relay, onEvent), e.g.
   * `headerPrefix` and a `logger` to read. Default: none (the library's defaults, a quiet log).
   */
  webhooks?: Partial<Omit<WebhookHandlerOptions, 'store' | 'relay' | 'onEvent'>>;
}

/**
 * Starts the whole server side on 127.0.0.1: the sandbox (as the service), and one app with the
 * BFF and the webhook receiver registered with the sandbox, sharing a store.
 */
export async function startStack(options: StackOptions = {}) {
  const { webhooks, ...clusterOptions } = options;
  const store = options.store ?? createMemoryStore();
  const cluster = await startCluster({ ...clusterOptions, instances: 1, store: () => store });
  const [app] = cluster.instances;
  if (!app) throw new Error('no instance');
  if (webhooks) {
    // The app looks its receiver's handler up per request, so this one takes over at once.
    const receiver = createWebhookHandler({
      secret: cluster.client.clientSecret,
      store,
      relay: app.bff.relay,
      onEvent: (event) => {
        app.processed.push(event);
      },
      ...webhooks,
    });
    app.webhooks.handler = receiver.handler;
  }
  return { ...cluster, ...app, close: cluster.close };
}

/** A started stack. */
export type Stack = Awaited<ReturnType<typeof startStack>>;
