/**
 * The default logger of the BFF, the webhook receiver and the Redis store: `console.warn` and
 * `console.error`, with the metadata (never a secret, token or body) as a second argument.
 */
export const consoleLogger = {
  warn: (message: string, meta?: Record<string, unknown>) => console.warn(message, meta ?? {}),
  error: (message: string, meta?: Record<string, unknown>) => console.error(message, meta ?? {}),
};
