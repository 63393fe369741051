import type { CSSProperties } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useInsuranceContext, useShop } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { shopProgressMessages } from './shopProgressMessages.js';
import { shopProgressTranslations } from './shopProgressTranslations.js';

/** Props of {@link ShopProgress}. */
export interface ShopProgressProps {
  loanId: string;
  /** Shop on mount when the loan was never shopped. Default `false`. */
  autoStart?: boolean;
  /** Called once when the quotes are ready. */
  onRated?: () => void;
  className?: string;
}

/** {@link ShopProgress}'s content, inside its own Suspense boundary. */
function ShopProgressContent({ loanId, autoStart, onRated, className }: ShopProgressProps) {
  useInsuranceContext('ShopProgress');
  const t = useMessages('shopProgress', shopProgressMessages, shopProgressTranslations);
  const format = useFormat();
  const labelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const { phase, start, retry, progress, elapsedMs, expectedMs, error, retryAt, loan } = useShop(
    loanId,
    { autoStart },
  );
  const [min, max] = expectedMs;

  const rated = useRef(false);
  useEffect(() => {
    if (phase !== 'rated' || rated.current) return;
    rated.current = true;
    onRated?.();
  }, [phase, onRated]);

  // A rate limit's wait: the button comes back when it is over.
  const waiting = useWaitUntil(retryAt);

  // The clicked button goes away: keep focus in the component rather than lose it to the page.
  const act = (action: () => Promise<unknown>) => () => {
    root.current?.focus();
    void action();
  };

  const busy = phase === 'starting' || phase === 'quoting';
  // Depends on the phase only, so it is announced on a change of phase, not on every tick.
  const announcement = busy
    ? t('quoting', { min: min / 1000, max: max / 1000 })
    : phase === 'rated'
      ? t('ready')
      : phase === 'closed'
        ? t('closed')
        : '';
  const remaining =
    elapsedMs >= max
      ? t('almostDone')
      : t('remaining', { seconds: Math.max(5, Math.ceil((max - elapsedMs) / 5000) * 5) });
  const problem =
    phase === 'errored' || (phase === 'idle' && error)
      ? waiting
        ? t('rateLimited', { time: format.dateTime(retryAt ?? Date.now()) })
        : error?.code === 'timeout'
          ? t('timeout')
          : t('failed')
      : '';

  return (
    <div
      ref={root}
      tabIndex={-1}
      className={cx('lir-root lir-ShopProgress', className)}
      data-state={phase}
    >
      {phase === 'idle' && (
        <button type="button" data-slot="start" disabled={!loan} onClick={act(start)}>
          {t('start')}
        </button>
      )}
      {busy && (
        <div data-slot="progress">
          <p id={labelId} data-slot="label">
            {t('label')}
          </p>
          <div
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            aria-valuetext={remaining}
            data-slot="track"
          >
            <div data-slot="fill" style={{ '--lir-shop-progress': progress } as CSSProperties} />
          </div>
          <p data-slot="remaining">{remaining}</p>
        </div>
      )}
      <p role="status" aria-live="polite" data-slot="status">
        {announcement}
      </p>
      {problem && (
        <div data-slot="error">
          <p role="alert" data-slot="message">
            {problem}
          </p>
          <button type="button" data-slot="retry" disabled={waiting} onClick={act(retry)}>
            {t('retry')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Gets a loan's quotes: a "Get quotes" button, then a progress bar for the 30-45 s of quoting,
 * then "Your quotes are ready". Phase changes are announced politely; failures as alerts with
 * "Try again". `data-state` is the phase: `idle`, `starting`, `quoting`, `rated`, `errored` or
 * `closed`.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the `loading` state. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <ShopProgress loanId={loanId} autoStart onRated={() => setStep('quotes')} />
 */
export function ShopProgress(props: ShopProgressProps) {
  return (
    <SuspenseRoot className={cx('lir-root lir-ShopProgress', props.className)} minHeight="2.5rem">
      <ShopProgressContent {...props} />
    </SuspenseRoot>
  );
}
