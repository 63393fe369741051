const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether a key would reach an object's prototype when assigned (`__proto__`) or confuse code
 * that reads it as one (`constructor`, `prototype`). Such keys are never created on a copy.
 */
export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}
