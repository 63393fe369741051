/** Where the Redis store reports connection trouble. Never given a token or a message body. */
export interface RedisStoreLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}
