import type { FocusEvent, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { isClosed, isErrored } from '../../core/loanStatus.js';
import {
  useInsuranceContext,
  useLoan,
  useQuoteDisplay,
  useSelectQuote,
} from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import { useFormat } from '../shared/useFormat.js';
import { useLatest } from '../shared/useLatest.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { QuoteCard } from './QuoteCard.js';
import { quoteCardRows } from './quoteCardRows.js';
import { quoteCardsMessages } from './quoteCardsMessages.js';
import { quoteCardsTranslations } from './quoteCardsTranslations.js';

/** Props of {@link QuoteCards}. */
export interface QuoteCardsProps {
  loanId: string;
  /** Called once the service has recorded the borrower's choice. */
  onSelect?: (quoteId: string) => void;
  /** Show a "See all quotes" link to the service's hosted display (when its URL is safe). Default `true`. */
  showHostedDisplayLink?: boolean;
  /**
   * Show "Continue with this quote" on each card, through the quote's `agentBridgeLink` (when
   * it is safe). Default `true`.
   */
  showAgentBridgeLink?: boolean;
  /** Called with the quote's id when the borrower follows "Continue with this quote". */
  onContinue?: (quoteId: string) => void;
  /**
   * How long a choice made with the arrow keys waits, in ms, before it is recorded: moving
   * through the quotes records only where the borrower stops. A click, Space or Enter records
   * at once, and so does leaving the group. Default `1000`.
   */
  settleMs?: number;
  className?: string;
}

/** {@link QuoteCards}'s content, inside its own Suspense boundary. */
function QuoteCardsContent({
  loanId,
  onSelect,
  showHostedDisplayLink = true,
  showAgentBridgeLink = true,
  onContinue,
  settleMs = 1000,
  className,
}: QuoteCardsProps) {
  const { locale } = useInsuranceContext('QuoteCards');
  const t = useMessages('quoteCards', quoteCardsMessages, quoteCardsTranslations);
  // The cards' formatters are made now, while the quotes are awaited, not when they arrive.
  useFormat();
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const name = useId();
  const loan = useLoan(loanId);
  const display = useQuoteDisplay(loanId);
  const { select, error: selectError, retryAt } = useSelectQuote(loanId);
  const limited = useWaitUntil(retryAt);
  const recordedId = display.selectedQuote?.id;
  const rows = useMemo(() => quoteCardRows(display.quotes), [display.quotes]);
  // The choice shown before it is recorded: settling after arrow keys, or in flight.
  const [choice, setChoice] = useState<string>();
  const selectedId = choice ?? recordedId;
  const arrowing = useRef(false);
  const waiting = useRef<{ quoteId: string; timer: ReturnType<typeof setTimeout> } | undefined>(
    undefined,
  );
  const inFlight = useRef<string | undefined>(undefined);
  const latest = useLatest({ recordedId, select, onSelect });
  useEffect(() => () => clearTimeout(waiting.current?.timer), []);
  // The list is made anew when choices turn off or on (below): a radio that had focus goes with
  // it, so focus stays in the component rather than falling to the page.
  const hadFocus = useRef(false);
  hadFocus.current = !!root.current?.contains(globalThis.document?.activeElement ?? null);
  const listMounted = useCallback((list: HTMLDivElement | null) => {
    if (list && hadFocus.current && !root.current?.contains(document.activeElement)) {
      root.current?.focus();
    }
  }, []);
  // A failed background refresh keeps what was read; only a read with nothing to show is an error.
  const readError = (!display.data && display.error) || (!loan.data && loan.error) || null;
  const hostedUrl = display.data?.hostedDisplayUrl;

  const state =
    // After a failure, "Try again" shows loading again rather than the old alert.
    loan.isLoading || display.isLoading || (readError && (loan.isFetching || display.isFetching))
      ? 'loading'
      : readError
        ? 'errored'
        : !display.isRated
          ? // Quoting failed or the application is closed: no quotes are coming.
            isErrored(loan.data?.status) || isClosed(loan.data?.status)
            ? 'unavailable'
            : 'waiting'
          : display.quotes.length === 0
            ? 'empty'
            : limited
              ? 'rateLimited'
              : selectedId
                ? 'selected'
                : 'ready';

  /** Records a settled choice: once, and not at all when it is the recorded one. */
  const settle = async (quoteId: string) => {
    clearTimeout(waiting.current?.timer);
    waiting.current = undefined;
    const { recordedId, select } = latest.current;
    if (quoteId === inFlight.current) return;
    if (quoteId === recordedId && inFlight.current === undefined) {
      setChoice(undefined);
      return;
    }
    inFlight.current = quoteId;
    const recorded = await select(quoteId);
    if (inFlight.current === quoteId) inFlight.current = undefined;
    // Recorded, the display shows it; refused, the display has rolled back and shows that.
    setChoice((current) => (current === quoteId ? undefined : current));
    if (recorded) latest.current.onSelect?.(quoteId);
  };
  const choose = (quoteId: string) => {
    setChoice(quoteId);
    clearTimeout(waiting.current?.timer);
    waiting.current = arrowing.current
      ? { quoteId, timer: setTimeout(() => void settle(quoteId), settleMs) }
      : undefined;
    if (!arrowing.current) void settle(quoteId);
  };
  // By its attributes, not `instanceof`: the group may render into another window's document.
  const radioOf = (target: EventTarget | null) => {
    const input = target as HTMLInputElement | null;
    return input?.type === 'radio' && input.name === name ? input : undefined;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Any other key (Space, Enter) ends an arrow-key move, even one whose keyup went elsewhere.
    arrowing.current = event.key.startsWith('Arrow');
    const radio = radioOf(event.target);
    if (event.key === 'Enter' && radio) {
      // Enter chooses, as Space does (and submits no form around the group).
      event.preventDefault();
      choose(radio.value);
    }
  };
  // A click that no arrow key made: a pointer, or Space, also on the quote already checked.
  const onClick = (event: MouseEvent) => {
    const radio = radioOf(event.target);
    if (radio && !arrowing.current) choose(radio.value);
  };
  const onBlur = (event: FocusEvent) => {
    if (radioOf(event.target) && !radioOf(event.relatedTarget) && waiting.current) {
      void settle(waiting.current.quoteId);
    }
  };

  let body: ReactNode;
  if (state === 'loading') {
    body = (
      <>
        <span data-slot="visuallyHidden" role="status">
          {t('loading')}
        </span>
        <div data-slot="list">
          {[0, 1, 2].map((i) => (
            <span key={i} data-slot="skeleton" aria-hidden="true" />
          ))}
        </div>
      </>
    );
  } else if (state === 'errored') {
    body = (
      <>
        <p data-slot="message" role="alert">
          {t('errored')}
        </p>
        <button
          type="button"
          data-slot="retry"
          onClick={() => void (display.error ? display.refetch() : loan.refetch())}
        >
          {t('retry')}
        </button>
      </>
    );
  } else if (state === 'waiting' || state === 'empty' || state === 'unavailable') {
    body = (
      <p data-slot="message" role="status">
        {t(state)}
      </p>
    );
  } else {
    body = (
      // A new list when choices turn off or on: Chromium (156) leaves the subgrid of cards laid
      // out at zero height when they are disabled in place.
      <div data-slot="list" key={limited ? 'limited' : 'open'} ref={listMounted}>
        {display.quotes.map((quote) => (
          <QuoteCard
            key={quote.id}
            quote={quote}
            name={name}
            checked={quote.id === selectedId}
            disabled={limited}
            onSelect={choose}
            rows={rows}
            showAgentBridgeLink={showAgentBridgeLink}
            onContinue={onContinue}
          />
        ))}
      </div>
    );
  }

  return (
    <div
      ref={root}
      className={cx('lir-root lir-QuoteCards', className)}
      data-state={state}
      tabIndex={-1}
    >
      <fieldset
        data-slot="group"
        aria-busy={state === 'loading' || undefined}
        onKeyDown={onKeyDown}
        onKeyUp={() => {
          arrowing.current = false;
        }}
        onPointerDown={() => {
          arrowing.current = false;
        }}
        onClick={onClick}
        onBlur={onBlur}
      >
        <legend data-slot="legend">{t('legend')}</legend>
        {body}
        {limited && retryAt !== undefined ? (
          <p data-slot="message" role="alert">
            {t('rateLimited', {
              // The wait is seconds long: the time of day, to the second, says enough.
              time: new Date(retryAt).toLocaleTimeString(locale),
            })}
          </p>
        ) : (
          selectError &&
          retryAt === undefined && (
            <p data-slot="message" role="alert">
              {t('selectFailed')}
            </p>
          )
        )}
      </fieldset>
      {showHostedDisplayLink && isSafeDocumentUrl(hostedUrl) && (
        <a data-slot="hostedLink" href={hostedUrl} target="_blank" rel="noopener noreferrer">
          {t('seeAll')} <span data-slot="visuallyHidden">{t('newTab')}</span>
        </a>
      )}
    </div>
  );
}

/**
 * The loan's recommended quotes as one radio group, one {@link QuoteCard} each, their terms
 * lined up row by row side by side (stacked on a narrow screen). Choosing a quote shows it
 * selected at once and records it through `useSelectQuote` once the choice settles (one
 * request per choice, none for the quote already recorded); a refused one rolls back.
 * `data-state` on the root: `loading`, `waiting` (not rated yet), `unavailable` (quoting failed or
 * the application is closed), `empty`, `errored`,
 * `rateLimited` (choices disabled until the wait is over), `ready` or `selected`.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the state it will show first. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <InsuranceProvider adapter={adapter}>
 *   <QuoteCards loanId={loanId} onSelect={(quoteId) => navigate(`/insurance/${quoteId}`)} />
 * </InsuranceProvider>
 */
export function QuoteCards(props: QuoteCardsProps) {
  return (
    <SuspenseRoot className={cx('lir-root lir-QuoteCards', props.className)} minHeight="12rem">
      <QuoteCardsContent {...props} />
    </SuspenseRoot>
  );
}
