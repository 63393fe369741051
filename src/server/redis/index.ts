// The Redis entry: a Store shared by several BFF instances. Separate from the server entry so
// `ioredis` (an optional peer) is only needed by hosts that import it.
export type { RedisStore, RedisStoreOptions } from './createRedisStore.js';
export { createRedisStore } from './createRedisStore.js';
export type { RedisStoreLogger } from './RedisStoreLogger.js';
