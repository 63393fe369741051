import type { EnvSource } from './ServiceEnv.js';

/** A variable's text; an empty one counts as unset, as shells and `.env` files often leave it. */
export function envText(env: EnvSource, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
