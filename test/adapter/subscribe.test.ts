import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventConnectionState } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import type { LoanEvent } from '../../src/core/index.js';
import { ValidationError } from '../../src/core/index.js';
import type { SeenRequest } from './support.js';
import { BASE, eventStream, frame, loanEvent, recordRequests, settle } from './support.js';

const EVENTS = `${BASE}/loans/loan_1/events`;
const isStream = (r: SeenRequest | undefined) => r?.headers.get('accept') === 'text/event-stream';

type Stream = ReturnType<typeof eventStream>;

/** Answers every event-stream request with a new controllable stream. */
function serveStreams(answer?: (r: SeenRequest, i: number) => Response | undefined) {
  const streams: Stream[] = [];
  const seen = recordRequests((r, i) => {
    const custom = answer?.(r, i);
    if (custom) return custom;
    const s = eventStream();
    streams.push(s);
    return s.response();
  });
  return { seen, streams };
}

/** A subscription that records what it gets. */
function follow(adapter = createHttpAdapter(), loanId = 'loan_1') {
  const events: LoanEvent[] = [];
  const states: EventConnectionState[] = [];
  const stop = adapter.subscribe(loanId, (e) => events.push(e), {
    onStateChange: (s) => states.push(s),
  });
  return { events, states, stop, ids: () => events.map((e) => e.id) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Backoff jitter at its top, so the waits are exact.
  vi.spyOn(Math, 'random').mockReturnValue(1);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('server-sent events', () => {
  it('asks the BFF for an event stream of the loan, as a GET without a CSRF header', async () => {
    const { seen } = serveStreams();
    const sub = follow();
    await settle();

    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(EVENTS);
    expect(seen[0]?.headers.get('accept')).toBe('text/event-stream');
    expect(seen[0]?.headers.get('last-event-id')).toBeNull();
    expect(seen[0]?.headers.get('x-lir-csrf')).toBeNull();
    sub.stop();
  });

  it('sends the extra headers on the stream request too', async () => {
    const { seen } = serveStreams();
    const sub = follow(createHttpAdapter({ headers: () => ({ Authorization: 'Bearer t' }) }));
    await settle();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t');
    sub.stop();
  });

  it('reassembles frames split across chunks and ignores heartbeats', async () => {
    const { streams } = serveStreams();
    const sub = follow();
    await settle();
    const s = streams[0] as Stream;

    const text = `retry: 3000\n\n: heartbeat\n\n${frame('1', loanEvent(1))}: heartbeat\n\n${frame(
      '2',
      loanEvent(2, { type: 'policy.bound', policyId: 'pol_1' }),
    )}`;
    // Cut at awkward places: inside a field name, inside the JSON, between the two newlines.
    for (const [from, to] of [
      [0, 7],
      [7, 40],
      [40, 95],
      [95, text.length - 1],
      [text.length - 1, text.length],
    ] as const) {
      s.push(text.slice(from, to));
      await settle(2);
    }
    await settle();

    expect(sub.events).toEqual([
      loanEvent(1),
      loanEvent(2, { type: 'policy.bound', policyId: 'pol_1' }),
    ]);
    sub.stop();
  });

  it('decodes a multi-byte character split between two chunks', async () => {
    const { streams } = serveStreams();
    const sub = follow();
    await settle();
    const bytes = new TextEncoder().encode(frame('1', loanEvent(1, { type: 'loan.shopped·é' })));
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    streams[0]?.push(bytes.slice(0, cut));
    await settle(2);
    streams[0]?.push(bytes.slice(cut));
    await settle();

    expect(sub.events.map((e) => e.type)).toEqual(['loan.shopped·é']);
    sub.stop();
  });

  it('skips malformed events and keeps reading', async () => {
    const { streams } = serveStreams();
    const sub = follow();
    await settle();
    streams[0]?.push('id: 1\ndata: not json\n\n');
    streams[0]?.push(`id: 2\ndata: ${JSON.stringify({ id: 'evt_x' })}\n\n`);
    streams[0]?.push(frame('3', loanEvent(3)));
    await settle();

    expect(sub.ids()).toEqual(['evt_3']);
    sub.stop();
  });

  it("reconnects after the server's retry when the stream ends, with Last-Event-ID, without repeating events", async () => {
    const { seen, streams } = serveStreams();
    const sub = follow();
    await settle();
    streams[0]?.push(`retry: 5000\n\n${frame('1', loanEvent(1))}${frame('2', loanEvent(2))}`);
    streams[0]?.end();
    await settle();

    await vi.advanceTimersByTimeAsync(4_999);
    await settle();
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();

    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers.get('last-event-id')).toBe('2');
    // A server that replays the last one (or a relay that re-delivers it) is de-duplicated.
    streams[1]?.push(`${frame('2', loanEvent(2))}${frame('3', loanEvent(3))}`);
    await settle();

    expect(sub.ids()).toEqual(['evt_1', 'evt_2', 'evt_3']);
    sub.stop();
  });

  it("spreads reconnects over the second half of the server's retry, so streams that end together come back apart", async () => {
    const { seen, streams } = serveStreams();
    const random = vi.spyOn(Math, 'random');
    const [early, late] = [follow(), follow(createHttpAdapter(), 'loan_2')];
    await settle();
    random.mockReturnValueOnce(0).mockReturnValueOnce(1);
    for (const s of streams) s.end();
    await settle();

    await vi.advanceTimersByTimeAsync(1_500);
    await settle();
    expect(seen.filter(isStream)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_500);
    await settle();
    expect(seen.filter(isStream)).toHaveLength(4);
    early.stop();
    late.stop();
  });

  it('reconnects after a dropped stream with Last-Event-ID, then backs off (capped at 30 s) while it cannot connect', async () => {
    let refuse = false;
    const { seen, streams } = serveStreams((r) =>
      !isStream(r)
        ? HttpResponse.json({ events: [], cursor: null })
        : refuse
          ? HttpResponse.error()
          : undefined,
    );
    const sub = follow();
    await settle();
    streams[0]?.push(`retry: 20000\n\n${frame('1', loanEvent(1))}`);
    await settle();
    refuse = true;
    streams[0]?.fail();
    await settle();
    expect(sub.states.at(-1)).toBe('connecting');

    const waitForRequest = async () => {
      const before = seen.length;
      let waited = 0;
      while (seen.length === before && waited < 120_000) {
        await vi.advanceTimersByTimeAsync(1_000);
        await settle(3);
        waited += 1_000;
      }
      return waited;
    };
    // Dropped: the server's retry. Refused: doubled, but capped. Refused again: polling at once.
    expect(await waitForRequest()).toBe(20_000);
    expect(seen[1]?.headers.get('last-event-id')).toBe('1');
    expect(await waitForRequest()).toBe(30_000);
    await settle();
    expect(seen.map(isStream)).toEqual([true, true, true, false]);
    expect(seen[3]?.url).toBe(`${EVENTS}?after=1`);
    expect(sub.states.at(-1)).toBe('polling');
    sub.stop();
  });

  it('closes a stream that goes silent for twice the time limit, and reconnects', async () => {
    const { seen, streams } = serveStreams();
    const sub = follow(createHttpAdapter({ timeoutMs: 10_000 }));
    await settle();
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(15_000);
      streams[0]?.push(': heartbeat\n\n');
      await settle();
    }
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await settle();
    await vi.advanceTimersByTimeAsync(3_000);
    await settle();

    expect(seen).toHaveLength(2);
    expect(sub.states).toEqual(['connecting', 'open', 'connecting', 'open']);
    sub.stop();
  });
});

describe('polling fallback', () => {
  it('polls the BFF when it answers JSON instead of an event stream, using the page it got', async () => {
    const seen = recordRequests((_, i) =>
      HttpResponse.json(
        i === 0
          ? { events: [{ cursor: '4', event: loanEvent(4) }], cursor: '4' }
          : { events: [{ cursor: '5', event: loanEvent(5) }], cursor: '5' },
      ),
    );
    const sub = follow(createHttpAdapter({ pollIntervalMs: 2_000 }));
    await settle();
    expect(sub.ids()).toEqual(['evt_4']);
    expect(sub.states).toEqual(['connecting', 'polling']);

    await vi.advanceTimersByTimeAsync(1_999);
    await settle();
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();

    expect(seen[1]?.method).toBe('GET');
    expect(seen[1]?.url).toBe(`${EVENTS}?after=4`);
    expect(seen[1]?.headers.get('accept')).toBe('application/json');
    expect(sub.ids()).toEqual(['evt_4', 'evt_5']);

    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(seen[2]?.url).toBe(`${EVENTS}?after=5`);
    sub.stop();
  });

  it('polls after the stream answers 500 three times, never touching another route', async () => {
    const seen = recordRequests((r) =>
      isStream(r)
        ? HttpResponse.json({ error: { code: 'internal_error' } }, { status: 500 })
        : HttpResponse.json({ events: [{ cursor: '9', event: loanEvent(9) }], cursor: '9' }),
    );
    const sub = follow();
    await settle();
    expect(seen).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(3_000); // first failure: the default retry
    await settle();
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_999); // second failure: doubled
    await settle();
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();

    // The third failure switches to polling at once.
    expect(seen.map((r) => [r.url, isStream(r)])).toEqual([
      [EVENTS, true],
      [EVENTS, true],
      [EVENTS, true],
      [EVENTS, false],
    ]);
    expect(sub.ids()).toEqual(['evt_9']);
    expect(sub.states).toEqual(['connecting', 'polling']);

    await vi.advanceTimersByTimeAsync(3_000);
    await settle();
    expect(seen.at(-1)?.url).toBe(`${EVENTS}?after=9`);
    sub.stop();
  });

  it('polls when fetch gives no readable body', async () => {
    const requests: Array<{ url: string; accept: string | null }> = [];
    const fetch = (async (url: string, init: RequestInit) => {
      const accept = new Headers(init.headers).get('accept');
      requests.push({ url, accept });
      return accept === 'text/event-stream'
        ? new Response(null, { headers: { 'Content-Type': 'text/event-stream' } })
        : Response.json({ events: [{ cursor: '1', event: loanEvent(1) }], cursor: '1' });
    }) as typeof globalThis.fetch;

    const sub = follow(createHttpAdapter({ fetch }));
    await settle();
    await vi.advanceTimersByTimeAsync(3_000);
    await settle();

    expect(requests).toEqual([
      { url: EVENTS, accept: 'text/event-stream' },
      { url: EVENTS, accept: 'application/json' },
    ]);
    expect(sub.ids()).toEqual(['evt_1']);
    expect(sub.states.at(-1)).toBe('polling');
    sub.stop();
  });

  it('backs off while polling fails, and never stops trying on a 5xx', async () => {
    // A plain-text 503 is not the BFF's answer: the adapter tells the developer once.
    const told = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = recordRequests((r) =>
      isStream(r)
        ? HttpResponse.json({ events: [], cursor: null })
        : new HttpResponse('busy', { status: 503 }),
    );
    const sub = follow(createHttpAdapter({ pollIntervalMs: 1_000 }));
    await settle();
    await vi.advanceTimersByTimeAsync(1_000); // the first poll, 503
    await settle();
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    await settle();
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(seen).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    expect(seen).toHaveLength(4);
    sub.stop();
    expect(told).toHaveBeenCalledTimes(1);
    told.mockRestore();
  });
});

describe('ending a subscription', () => {
  it('stops the stream and sends nothing more; calling it again does nothing', async () => {
    const { seen } = serveStreams();
    const sub = follow();
    await settle();
    sub.stop();
    sub.stop();
    await settle();

    expect(seen[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(seen).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(sub.states).toEqual(['connecting', 'open', 'closed']);
  });

  it('stops a pending reconnect', async () => {
    const { seen, streams } = serveStreams();
    const sub = follow();
    await settle();
    streams[0]?.end();
    await settle();
    sub.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(seen).toHaveLength(1);
  });

  it('stops polling', async () => {
    const seen = recordRequests(() => HttpResponse.json({ events: [], cursor: null }));
    const sub = follow();
    await settle();
    await vi.advanceTimersByTimeAsync(3_000);
    await settle();
    expect(seen).toHaveLength(2);
    sub.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(seen).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up for good on a refusal that asking again cannot change (404: not your loan)', async () => {
    const seen = recordRequests(() =>
      HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
    );
    const sub = follow();
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(seen).toHaveLength(1);
    expect(sub.states).toEqual(['connecting', 'closed']);
    sub.stop();
    expect(sub.states).toEqual(['connecting', 'closed']);
  });
});

describe('sharing', () => {
  it('gives two subscribers to the same loan one connection, and closes it after the last leaves', async () => {
    const { seen, streams } = serveStreams();
    const adapter = createHttpAdapter();
    const a = follow(adapter);
    const b = follow(adapter);
    await settle();
    expect(seen).toHaveLength(1);
    expect(b.states).toEqual(['connecting', 'open']);

    streams[0]?.push(frame('1', loanEvent(1)));
    await settle();
    a.stop();
    await settle();
    expect(seen[0]?.signal.aborted).toBe(false);
    streams[0]?.push(frame('2', loanEvent(2)));
    await settle();

    expect(a.ids()).toEqual(['evt_1']);
    expect(b.ids()).toEqual(['evt_1', 'evt_2']);
    b.stop();
    await settle();
    expect(seen[0]?.signal.aborted).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('tells a late subscriber the state the shared connection is in', async () => {
    serveStreams();
    const adapter = createHttpAdapter();
    const a = follow(adapter);
    await settle();
    const b = follow(adapter);
    expect(b.states).toEqual(['open']);
    a.stop();
    b.stop();
  });

  it("costs one stream under StrictMode's mount, unmount, mount", async () => {
    const { seen } = serveStreams();
    const adapter = createHttpAdapter();
    follow(adapter).stop();
    const second = follow(adapter);
    await settle();
    expect(seen).toHaveLength(1);
    expect(second.states).toEqual(['connecting', 'open']);
    second.stop();
  });

  it('opens one connection per loan', async () => {
    const { seen } = serveStreams();
    const adapter = createHttpAdapter();
    const a = follow(adapter, 'loan_1');
    const b = follow(adapter, 'loan_2');
    await settle();
    expect(seen.map((r) => r.url).sort()).toEqual([EVENTS, `${BASE}/loans/loan_2/events`]);
    a.stop();
    b.stop();
  });

  it('resumes from the last event when the loan is followed again later, without replaying', async () => {
    const { seen, streams } = serveStreams();
    const adapter = createHttpAdapter();
    const first = follow(adapter);
    await settle();
    streams[0]?.push(frame('7', loanEvent(7)));
    await settle();
    first.stop();
    await settle();

    const again = follow(adapter);
    await settle();
    expect(seen[1]?.headers.get('last-event-id')).toBe('7');
    streams[1]?.push(`${frame('7', loanEvent(7))}${frame('8', loanEvent(8))}`);
    await settle();
    expect(again.ids()).toEqual(['evt_8']);
    again.stop();
  });

  it('refuses a malformed loan id at once, sending nothing', async () => {
    const seen = recordRequests();
    expect(() => createHttpAdapter().subscribe('../x', () => {})).toThrow(ValidationError);
    await settle();
    expect(seen).toHaveLength(0);
  });
});
