// The page bench:push opens, built with Vite as a host would build it. `?loan=<id>&mode=sse`
// mounts the library as a host does (InsuranceProvider, createHttpAdapter, QuoteCards, which
// follows the loan's events over the BFF's stream); `mode=poll` is a host without push: it reads
// the quote display from the BFF every 2 s and lists the quotes once there are some.
//
// Either way the page reports, once, the moment the quotes are in the DOM, on the machine's
// wall clock (performance.timeOrigin + performance.now(), the clock Node's Date.now() reads).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createHttpAdapter } from '../../../../src/adapter/index.js';
import { QuoteCards } from '../../../../src/components/index.js';
import {
  createInsuranceQueryClient,
  InsuranceProvider,
  insuranceKeys,
  useLoanEvents,
} from '../../../../src/hooks/index.js';
import '../../../../src/styles.css';

declare global {
  interface Window {
    /**
     * Exposed by the bench: called once with the wall-clock time the quotes were rendered, and
     * what led there (when the event came in, the BFF reads with their start and end).
     */
    benchReport?: (renderedAt: number, timeline: Timeline) => void;
  }
}

const params = new URLSearchParams(location.search);
const loanId = params.get('loan') ?? '';
const mode = params.get('mode') === 'poll' ? 'poll' : 'sse';
const API = '/api/insurance';
const POLL_MS = 2_000;
const RENDERED =
  mode === 'sse'
    ? '.lir-QuoteCards[data-state="ready"] input[type="radio"]'
    : '[data-poll="ready"] li';

/** Wall-clock times (ms since the epoch) of what happened in the page. */
interface Timeline {
  /** The `loan.shopped` event reached the page (push only). */
  eventAt: number | null;
  /** The page's requests to the BFF, in the order they started. */
  reads: Array<{ path: string; startAt: number; endAt: number }>;
  /** When each read's answer was last put in the page's query cache, by key name. */
  cached: Record<string, number>;
}
const wallClock = (at: number) => performance.timeOrigin + at;
let eventAt: number | null = null;
const cached: Record<string, number> = {};
const timeline = (): Timeline => ({
  eventAt,
  cached,
  reads: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => new URL(entry.name).pathname.startsWith(`${API}/`))
    .map((entry) => ({
      path: new URL(entry.name).pathname.slice(API.length),
      startAt: wallClock(entry.startTime),
      endAt: wallClock(entry.responseEnd),
    })),
});

let reported = false;
const observer = new MutationObserver(() => {
  if (reported || !document.querySelector(RENDERED)) return;
  reported = true;
  const renderedAt = wallClock(performance.now());
  observer.disconnect();
  window.benchReport?.(renderedAt, timeline());
});
observer.observe(document.body, {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ['data-state', 'data-poll'],
});

/** Says whether the page's event stream is open, for the bench to wait on before shopping. */
function Connection({ loanId }: { loanId: string }) {
  const { connection } = useLoanEvents(loanId, (event) => {
    if (event.type === 'loan.shopped') eventAt ??= wallClock(performance.now());
  });
  return <output data-connection={connection} hidden />;
}

const adapter = createHttpAdapter({ baseUrl: API });
const queryClient = createInsuranceQueryClient();
const keys = insuranceKeys(adapter);
const watched = { loan: keys.loan(loanId), quoteDisplay: keys.quoteDisplay(loanId) };
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  const key = JSON.stringify(event.query.queryKey);
  for (const [name, watchedKey] of Object.entries(watched)) {
    if (key === JSON.stringify(watchedKey)) cached[name] = wallClock(performance.now());
  }
});

interface PolledQuote {
  id: string;
  carrierName?: string;
  premium?: number;
}

/** A host without push: polls the BFF's quote display every 2 s until it lists quotes. */
function Poller({ loanId }: { loanId: string }) {
  const [quotes, setQuotes] = useState<PolledQuote[] | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const response = await fetch(`${API}/loans/${encodeURIComponent(loanId)}/display`, {
          headers: { Accept: 'application/json' },
        });
        if (response.ok) {
          const display = (await response.json()) as { quotes?: PolledQuote[] };
          const found = display.quotes ?? [];
          if (stopped) return;
          setQuotes(found);
          if (found.length > 0) return;
        }
      } catch {
        // Asked again at the next tick.
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [loanId]);
  const state = quotes === null ? 'loading' : quotes.length > 0 ? 'ready' : 'waiting';
  return (
    <ul data-poll={state} aria-label="Quotes">
      {quotes?.map((quote) => (
        <li key={quote.id}>
          {quote.carrierName} {quote.premium}
        </li>
      ))}
    </ul>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    mode === 'sse' ? (
      <InsuranceProvider adapter={adapter} queryClient={queryClient}>
        <QuoteCards loanId={loanId} />
        <Connection loanId={loanId} />
      </InsuranceProvider>
    ) : (
      <Poller loanId={loanId} />
    ),
  );
}
