import type { LoanEvent } from '../core/schemas/loanEvent.js';
import type {
  EventConnectionState,
  InsuranceAdapter,
  SubscribeOptions,
} from './InsuranceAdapter.js';
import type { EventMemory } from './openEventConnection.js';
import { openEventConnection } from './openEventConnection.js';
import { operationPath } from './operationPath.js';
import type { HttpConfig } from './resolveHttpConfig.js';

interface Subscriber {
  listener: (event: LoanEvent) => void;
  onStateChange: ((state: EventConnectionState) => void) | undefined;
  onError: SubscribeOptions['onError'];
}

interface Shared {
  subscribers: Set<Subscriber>;
  state: EventConnectionState | undefined;
  stop: () => void;
}

// A listener's bug must not stop the others, nor the connection; it still surfaces (the
// console, `window.onerror`), as an `EventSource` listener's would.
const call = <T>(fn: ((value: T) => void) | undefined, value: T) => {
  try {
    fn?.(value);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
};

/**
 * The adapter's `subscribe` once its code has loaded (see `createEventHub`): one connection per
 * loan, shared by every subscriber and counted, so many components (and StrictMode's mount,
 * unmount, mount) cost one stream. The last unsubscribe closes it a microtask later, once a
 * synchronous re-subscribe has had its chance. What a loan's connection has seen outlives it, so
 * the next one resumes instead of replaying.
 */
export function shareEventConnections(config: HttpConfig): InsuranceAdapter['subscribe'] {
  const connections = new Map<string, Shared>();
  const memories = new Map<string, EventMemory>();

  return function subscribe(
    loanId: string,
    listener: (event: LoanEvent) => void,
    options?: SubscribeOptions,
  ): () => void {
    // Throws a ValidationError for a malformed id before anything is shared or sent.
    const path = operationPath('loanEvents', { loanId });
    const subscriber: Subscriber = {
      listener,
      onStateChange: options?.onStateChange,
      onError: options?.onError,
    };
    let shared = connections.get(loanId);
    if (shared) {
      shared.subscribers.add(subscriber);
      if (shared.state) call(subscriber.onStateChange, shared.state);
    } else {
      const own: Shared = { subscribers: new Set([subscriber]), state: undefined, stop: () => {} };
      shared = own;
      connections.set(loanId, own);
      let memory = memories.get(loanId);
      if (!memory) {
        memory = { cursor: null, seen: new Set() };
        memories.set(loanId, memory);
      }
      own.stop = openEventConnection(config, path, memory, {
        onEvent(event) {
          for (const s of [...own.subscribers]) call(s.listener, event);
        },
        onError(error) {
          for (const s of [...own.subscribers]) call(s.onError, error);
        },
        onState(state) {
          if (own.state === state) return;
          own.state = state;
          if (state === 'closed' && connections.get(loanId) === own) connections.delete(loanId);
          for (const s of [...own.subscribers]) call(s.onStateChange, state);
        },
      });
    }

    const joined = shared;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      joined.subscribers.delete(subscriber);
      if (joined.state !== 'closed') call(subscriber.onStateChange, 'closed');
      if (joined.subscribers.size > 0) return;
      queueMicrotask(() => {
        if (joined.subscribers.size > 0) return;
        joined.stop();
        if (connections.get(loanId) === joined) connections.delete(loanId);
      });
    };
  };
}
