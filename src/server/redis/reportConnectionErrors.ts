import type { Redis } from 'ioredis';
import type { RedisStoreLogger } from './RedisStoreLogger.js';

/**
 * Reports a connection's errors once per outage (ioredis retries by itself and would otherwise
 * print each failed attempt as an unhandled error event).
 */
export function reportConnectionErrors(client: Redis, role: string, logger: RedisStoreLogger) {
  let reported = false;
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    logger.warn(`redis store: the ${role} connection failed; retrying`, { error: error.message });
  });
  client.on('ready', () => {
    reported = false;
  });
}
