import type { Redis } from 'ioredis';
import type { SubscribeOptions } from '../store/Store.js';
import type { CommandRunner } from './createCommandRunner.js';
import type { RedisStoreLogger } from './RedisStoreLogger.js';
import { reportConnectionErrors } from './reportConnectionErrors.js';

/** Pub/sub of the Redis store. See {@link createRedisSubscriptions}. */
export interface RedisSubscriptions {
  /** Subscribes to the (already prefixed) channel; resolves to a function that unsubscribes. */
  subscribe(
    channel: string,
    listener: (message: string) => void,
    options?: SubscribeOptions,
  ): Promise<() => Promise<void>>;
  /** Forgets every subscriber and closes the subscription connection. */
  close(): void;
}

interface Subscriber {
  listener: (message: string) => void;
  onInterrupted: (() => void) | undefined;
}

interface Channel {
  subscribers: Set<Subscriber>;
  ready: Promise<void>;
}

/**
 * Subscriptions over one connection of their own (a subscribed Redis connection runs nothing
 * else), duplicated from `redis` on the first subscribe. One SUBSCRIBE per channel however many
 * listeners; UNSUBSCRIBE when the last leaves. ioredis resubscribes after a reconnect, but what
 * was published meanwhile is gone (pub/sub keeps nothing), so every subscriber hears
 * `onInterrupted` when the connection drops and resumes from its stream.
 */
export function createRedisSubscriptions(
  redis: Redis,
  runner: CommandRunner,
  logger: RedisStoreLogger,
): RedisSubscriptions {
  let connection: Redis | undefined;
  const channels = new Map<string, Channel>();

  const open = () => {
    if (connection) return connection;
    const created = redis.duplicate();
    reportConnectionErrors(created, 'subscriber', logger);
    created.on('message', (channel: string, message: string) => {
      for (const s of [...(channels.get(channel)?.subscribers ?? [])]) {
        try {
          s.listener(message);
        } catch (error) {
          logger.warn('redis store: a subscriber failed', { error: String(error) });
        }
      }
    });
    created.on('close', () => {
      for (const channel of channels.values()) {
        for (const s of [...channel.subscribers]) s.onInterrupted?.();
      }
    });
    connection = created;
    return created;
  };

  return {
    async subscribe(name, listener, options = {}) {
      const client = open();
      let entry = channels.get(name);
      if (!entry) {
        const created: Channel = {
          subscribers: new Set(),
          ready: runner.bounded(
            'SUBSCRIBE',
            async () => {
              await client.subscribe(name);
            },
            client,
          ),
        };
        channels.set(name, created);
        entry = created;
      }
      const own = entry;
      const subscriber: Subscriber = { listener, onInterrupted: options.onInterrupted };
      own.subscribers.add(subscriber);
      const leave = async () => {
        own.subscribers.delete(subscriber);
        if (own.subscribers.size > 0 || channels.get(name) !== own) return;
        channels.delete(name);
        await runner
          .bounded(
            'UNSUBSCRIBE',
            async () => {
              await client.unsubscribe(name);
            },
            client,
          )
          .catch(() => undefined);
      };
      try {
        await own.ready;
      } catch (error) {
        await leave();
        throw error;
      }
      return leave;
    },
    close() {
      channels.clear();
      connection?.disconnect();
    },
  };
}
