import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { StoreUnavailableError } from '../store/StoreUnavailableError.js';

/** Runs Redis commands within a time bound. See {@link createCommandRunner}. */
export interface CommandRunner {
  /**
   * Runs `command` on `client` once it is connected, all within the time bound; any failure
   * becomes a `StoreUnavailableError` naming `what`.
   */
  bounded<T>(what: string, command: () => Promise<T>, client: Redis): Promise<T>;
  /** Runs a Lua script on one key: EVALSHA, loading it on NOSCRIPT (a restarted Redis forgot it). */
  script(client: Redis, body: string, key: string, args: (string | number)[]): Promise<unknown>;
}

/** Inputs of {@link createCommandRunner}. */
export interface CommandRunnerOptions {
  timeoutMs: number;
  /** True once the store is closed: nothing more is sent. */
  isClosed: () => boolean;
}

const shas = new Map<string, string>();
const sha1 = (text: string) => {
  let sha = shas.get(text);
  if (!sha) {
    sha = createHash('sha1').update(text).digest('hex');
    shas.set(text, sha);
  }
  return sha;
};

/**
 * The Redis store's way of sending a command. A command is sent only once its connection is up
 * and only if the caller is still waiting: a client that queues commands while offline never runs
 * one of ours after we stopped waiting for it (a claim set minutes late would hold a webhook's
 * event as "in progress" with nobody to release it).
 */
export function createCommandRunner(options: CommandRunnerOptions): CommandRunner {
  const { timeoutMs } = options;
  // Callers waiting for the same connection share one wait (one pair of listeners).
  const waits = new Map<Redis, Promise<void>>();
  const connected = (client: Redis): Promise<void> => {
    if (client.status === 'ready') return Promise.resolve();
    const pending = waits.get(client);
    if (pending) return pending;
    const wait = new Promise<void>((resolve, reject) => {
      const onReady = () => {
        client.off('end', onEnd);
        resolve();
      };
      const onEnd = () => {
        client.off('ready', onReady);
        reject(new Error('the connection was closed'));
      };
      client.once('ready', onReady);
      client.once('end', onEnd);
      if (client.status === 'wait') client.connect().catch(() => undefined); // lazyConnect
      if (client.status === 'end') onEnd();
    }).finally(() => waits.delete(client));
    waits.set(client, wait);
    return wait;
  };

  return {
    async bounded(what, command, client) {
      if (options.isClosed()) throw new StoreUnavailableError(`Redis store: closed (${what})`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      let gaveUp = false;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          gaveUp = true;
          reject(new StoreUnavailableError(`Redis store: no answer to ${what} in ${timeoutMs} ms`));
        }, timeoutMs);
      });
      const run = async () => {
        await connected(client);
        // Past the time bound the caller has moved on (a webhook answered 503): sending the
        // command now would act behind its back.
        if (gaveUp) throw new StoreUnavailableError(`Redis store: ${what} abandoned`);
        return command();
      };
      try {
        return await Promise.race([run(), timeout]);
      } catch (error) {
        if (error instanceof StoreUnavailableError) throw error;
        throw new StoreUnavailableError(`Redis store: ${what} failed`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
    },
    async script(client, body, key, args) {
      try {
        return await client.evalsha(sha1(body), 1, key, ...args);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        return client.eval(body, 1, key, ...args);
      }
    },
  };
}
