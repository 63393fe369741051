import { createMemoryStore } from '../../src/server/store/createMemoryStore.js';
import type { Store } from '../../src/server/store/Store.js';
import type { ClusterOptions } from './startCluster.js';
import { startCluster } from './startCluster.js';

export type { UpstreamRequest } from './startCluster.js';
export { API, SESSION_HEADER, WEBHOOK_PATH } from './startCluster.js';

/** Options of {@link startStack}. */
export interface StackOptions extends Omit<ClusterOptions, 'instances' | 'store'> {
  /** Default: a memory store. */
  store?: Store;
}

/**
 * Starts the whole server side on 127.0.0.1: the sandbox (as the service), and one app with the
 * BFF and the webhook receiver registered with the sandbox, sharing a store.
 */
export async function startStack(options: StackOptions = {}) {
  const store = options.store ?? createMemoryStore();
  const cluster = await startCluster({ ...options, instances: 1, store: () => store });
  const [app] = cluster.instances;
  if (!app) throw new Error('no instance');
  return { ...cluster, ...app, close: cluster.close };
}

/** A started stack. */
export type Stack = Awaited<ReturnType<typeof startStack>>;
