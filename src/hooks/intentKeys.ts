import { newIdempotencyKey } from '../adapter/newIdempotencyKey.js';

const PREFIX = 'lender-insurance:intent:';
const memory = new Map<string, string>();

// Read at each use, never at import: there is no sessionStorage on a server, and reading it
// throws where the browser blocks storage; keys then live in memory, for this page only.
function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

// cyrb53 over the intent's JSON (validated values have their keys in schema order): a short
// storage name that does not spell out the borrower's data.
function nameOf(intent: unknown): string {
  const text = JSON.stringify(intent);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return PREFIX + (h2 >>> 0).toString(36) + (h1 >>> 0).toString(36);
}

/**
 * Idempotency keys per user intent (an intent is any JSON value: the validated application, a
 * loan and a quote…). Every send of the same intent carries the same key until it succeeds,
 * also after a reload or in a duplicated tab (sessionStorage), so the BFF acts once (U4, U5).
 */
export const intentKeys = {
  /** The intent's key, created on first use. */
  get(intent: unknown): string {
    const name = nameOf(intent);
    let key = storage()?.getItem(name) ?? memory.get(name);
    if (!key) {
      key = newIdempotencyKey();
      memory.set(name, key);
      try {
        storage()?.setItem(name, key);
      } catch {
        // Storage full or blocked: the key still holds for this page.
      }
    }
    return key;
  },
  /** Forgets the key once the intent succeeded: the same input later is a new intent. */
  clear(intent: unknown): void {
    const name = nameOf(intent);
    memory.delete(name);
    storage()?.removeItem(name);
  },
};
