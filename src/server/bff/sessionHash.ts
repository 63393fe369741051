import { sha256Hex } from './sha256Hex.js';

/**
 * How a session is named in the store, in logs and between instances: a hash, since hosts often
 * use the session token itself as its id.
 */
export const sessionHash = (sessionId: string) => sha256Hex(`session:${sessionId}`);
