import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventConnectionState } from '../../src/adapter/index.js';
import type { SeenRequest } from './support.js';
import { eventStream, recordRequests, settle } from './support.js';

// The adapter's answer, error and event-stream readers load on first use (a lazy chunk in a
// host's bundle). A fresh copy of the adapter's modules has not loaded them yet.
async function freshAdapter() {
  vi.resetModules();
  const { createHttpAdapter } = await import('../../src/adapter/index.js');
  return createHttpAdapter();
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

let seen: SeenRequest[];
beforeEach(() => {
  seen = recordRequests(() => eventStream().response());
});

describe('before its readers have loaded', () => {
  it('a subscription opens its stream once they have', async () => {
    const states: EventConnectionState[] = [];
    const stop = (await freshAdapter()).subscribe('loan_1', () => {}, {
      onStateChange: (s) => states.push(s),
    });
    await until(() => states.includes('open'));
    expect(seen).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open']);
    stop();
  });

  it('a subscription that ends first hears closed, and nothing is sent', async () => {
    const adapter = await freshAdapter();
    const states: EventConnectionState[] = [];
    adapter.subscribe('loan_1', () => {}, { onStateChange: (s) => states.push(s) })();
    // A second one, later, shows the readers have loaded: the first never opened.
    const later: EventConnectionState[] = [];
    const stop = adapter.subscribe('loan_2', () => {}, { onStateChange: (s) => later.push(s) });
    await until(() => later.includes('open'));
    await settle();
    expect(states).toEqual(['closed']);
    expect(seen.map((r) => r.url)).toEqual(['/api/insurance/loans/loan_2/events']);
    stop();
  });

  it('a request is answered and read the same as later ones', async () => {
    const { HttpResponse } = await import('msw');
    seen = recordRequests(() =>
      HttpResponse.json({
        id: 'loan_1',
        status: 'RC1_RATED',
        quotes: [{ id: 'q_1', selected: true }],
        selectedQuoteId: 'q_1',
      }),
    );
    const display = await (await freshAdapter()).getQuoteDisplay('loan_1');
    expect(display).toMatchObject({
      selectedQuoteId: 'q_1',
      quotes: [{ id: 'q_1', selected: true }],
    });
  });
});

describe('when its readers cannot load (offline, or a deploy replaced them)', () => {
  const LOAD_FAILED = {
    name: 'NetworkError',
    code: 'network_error',
    message: 'Could not load the insurance adapter',
  };

  async function adapterWithoutReaders() {
    vi.resetModules();
    vi.doMock('../../src/adapter/deferred.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { createHttpAdapter } = await import('../../src/adapter/index.js');
    return createHttpAdapter();
  }

  afterEach(() => {
    vi.doUnmock('../../src/adapter/deferred.js');
  });

  it('a request fails with a NetworkError, which the hooks retry, and nothing is sent', async () => {
    const error = await (await adapterWithoutReaders()).getLoan('loan_1').catch((e: unknown) => e);
    // (A class of the fresh copy of the modules: same name and code.)
    expect(error).toMatchObject(LOAD_FAILED);
    expect(seen).toHaveLength(0);
  });

  it('a subscription hears the NetworkError, then closed', async () => {
    const errors: unknown[] = [];
    const states: EventConnectionState[] = [];
    (await adapterWithoutReaders()).subscribe('loan_1', () => {}, {
      onError: (e) => errors.push(e),
      onStateChange: (s) => states.push(s),
    });
    await until(() => states.includes('closed'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject(LOAD_FAILED);
    expect(states).toEqual(['closed']);
  });
});
