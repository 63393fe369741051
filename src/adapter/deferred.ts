// What the HTTP adapter loads after the page rather than with it, as one chunk of a host's
// bundle: sending requests and reading their answers, failures (typed errors, "is this really
// the BFF?") and events (the SSE reader). An adapter created in a browser requests it at once,
// so it arrives while the page renders.
export { sendRequest } from './sendRequest.js';
export { shareEventConnections } from './shareEventConnections.js';
export { writeIdempotencyKey } from './writeIdempotencyKey.js';
