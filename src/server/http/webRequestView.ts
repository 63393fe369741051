import { createTimeoutSignal } from './createTimeoutSignal.js';
import { giveUpBody } from './giveUpBody.js';
import type { RequestView } from './RequestView.js';
import { readCappedBody } from './readCappedBody.js';
import { nodeBodySource } from './readNodeBody.js';
import { readWithin } from './readWithin.js';

/** The {@link RequestView} of a web `Request`. */
export function webRequestView(request: Request): RequestView {
  return {
    method: request.method,
    header: (name) => request.headers.get(name),
    headerNames: () => request.headers.keys(),
    get bodyUsed() {
      return request.bodyUsed;
    },
    async readBody(maxBytes, timeoutMs) {
      // srvx's Request over a Node request (a host serving the handler through srvx itself):
      // the bytes come from the Node request, and `dropBody` cancelling it ends the read, so a
      // timer alone bounds the wait.
      if (nodeBodySource(request) !== undefined) {
        return readWithin(readCappedBody(request, maxBytes), timeoutMs);
      }
      // A web body is read through a reader only the read holds: the signal cancels it.
      const deadline = createTimeoutSignal(timeoutMs, 'The body took too long to arrive');
      try {
        return await readCappedBody(request, maxBytes, deadline.signal);
      } catch (error) {
        if (deadline.signal.aborted) return 'timeout';
        throw error;
      } finally {
        deadline.clear();
      }
    },
    dropBody() {
      giveUpBody(request);
    },
  };
}
