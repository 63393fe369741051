import type { AttemptResult, ExchangeRequest } from './sendAttempt.js';

/**
 * Sends one exchange with the service and reads its answer: `sendAttempt` over a `fetch`, or
 * `sendNodeAttempt` over `node:http` / `node:https`. Both give the same results for the same
 * answers (redirects not followed, bodies capped, the attempt's time and the call's signal
 * honoured), and throw only the call signal's reason.
 */
export type Transport = (request: ExchangeRequest) => Promise<AttemptResult>;
