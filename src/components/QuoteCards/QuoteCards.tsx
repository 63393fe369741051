import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { isClosed, isErrored } from '../../core/loanStatus.js';
import {
  useInsuranceContext,
  useLoan,
  useQuoteDisplay,
  useSelectQuote,
} from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { QuoteCard } from './QuoteCard.js';
import { quoteCardsMessages } from './quoteCardsMessages.js';

/** Props of {@link QuoteCards}. */
export interface QuoteCardsProps {
  loanId: string;
  /** Called once the service has recorded the borrower's choice. */
  onSelect?: (quoteId: string) => void;
  /** Show a "See all quotes" link to the service's hosted display (when its URL is safe). Default `true`. */
  showHostedDisplayLink?: boolean;
  className?: string;
}

/**
 * The loan's recommended quotes as one radio group, one {@link QuoteCard} each. Choosing a quote
 * shows it selected at once, records it through `useSelectQuote` and rolls back if refused.
 * `data-state` on the root: `loading`, `waiting` (not rated yet), `unavailable` (quoting failed or
 * the application is closed), `empty`, `errored`,
 * `rateLimited` (choices disabled until the wait is over), `ready` or `selected`.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * @example
 * <InsuranceProvider adapter={adapter}>
 *   <QuoteCards loanId={loanId} onSelect={(quoteId) => navigate(`/insurance/${quoteId}`)} />
 * </InsuranceProvider>
 */
export function QuoteCards({
  loanId,
  onSelect,
  showHostedDisplayLink = true,
  className,
}: QuoteCardsProps) {
  const { locale } = useInsuranceContext('QuoteCards');
  const t = useMessages('quoteCards', quoteCardsMessages);
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const name = useId();
  const loan = useLoan(loanId);
  const display = useQuoteDisplay(loanId);
  const { select, error: selectError, retryAt } = useSelectQuote(loanId);
  const limited = useWaitUntil(retryAt);
  const selectedId = display.selectedQuote?.id;
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

  const choose = async (quoteId: string) => {
    if (await select(quoteId)) onSelect?.(quoteId);
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
      <div data-slot="list">
        {display.quotes.map((quote) => (
          <QuoteCard
            key={quote.id}
            quote={quote}
            name={name}
            checked={quote.id === selectedId}
            disabled={limited}
            onSelect={choose}
          />
        ))}
      </div>
    );
  }

  return (
    <div ref={root} className={cx('lir-root lir-QuoteCards', className)} data-state={state}>
      <fieldset data-slot="group" aria-busy={state === 'loading' || undefined}>
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
