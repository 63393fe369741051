import type { KeyboardEvent, MouseEvent, RefObject, SyntheticEvent } from 'react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMessages } from '../shared/useMessages.js';
import type { DialogAppearance } from './appearanceAround.js';
import { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';
import { policyRetrievalLauncherTranslations } from './policyRetrievalLauncherTranslations.js';

/** Props of {@link RetrievalDialog}. */
export interface RetrievalDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The hosted retrieval page, already checked safe; undefined while starting. */
  url: string | undefined;
  /** Retrieval failed: show the error and a retry. */
  failed: boolean;
  /** Milliseconds before a retry is allowed (a rate limit), else 0. */
  waitMs: number;
  onRetry(): void;
  /** Where focus goes back when the dialog closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** The `data-lir-theme` and `data-lir-preset` the launcher is under: the portal is outside them. */
  appearance: DialogAppearance;
}

/**
 * The dialog of {@link PolicyRetrievalLauncher}: the browser's own modal `<dialog>`
 * (`showModal()`: above the page, the page behind it inert), in a portal at the end of the body,
 * loaded on first use. It adds what the element leaves to the page: focus on the dialog itself
 * and back on the launcher's button when it closes, the page's scroll held still (styles.css),
 * Escape, the close button and a click outside it closing it through `onOpenChange`.
 */
export function RetrievalDialog({
  open,
  onOpenChange,
  url,
  failed,
  waitMs,
  onRetry,
  returnFocusTo,
  appearance,
}: RetrievalDialogProps) {
  const t = useMessages(
    'policyRetrievalLauncher',
    policyRetrievalLauncherMessages,
    policyRetrievalLauncherTranslations,
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [loadedUrl, setLoadedUrl] = useState<string>();
  const loaded = url !== undefined && loadedUrl === url;

  // In the commit, before the browser paints: never shown other than modal, and focus is back on
  // the button as soon as the dialog is gone (closed first, so the button is no longer inert).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    // Without `showModal` (an old browser, a test DOM) it still shows, though not modal.
    if (element.showModal) element.showModal();
    else element.setAttribute('open', '');
    // The dialog itself takes focus, never the carrier's page: a cross-origin frame keeps every
    // key it receives, so Escape would no longer close the dialog. Screen readers read the title
    // and description from here; Tab moves on to the close button.
    element.focus();
    return () => {
      element.close?.();
      returnFocusTo.current?.focus();
    };
  }, [open, returnFocusTo]);

  if (!open) return null;
  const close = () => onOpenChange(false);
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    close();
  };
  const { theme, preset } = appearance;
  return createPortal(
    <>
      <div
        className="lir-root lir-PolicyRetrievalLauncher-overlay"
        data-slot="overlay"
        data-lir-theme={theme}
        data-lir-preset={preset}
      />
      <dialog
        ref={dialog}
        // Spelled out, as before, for pages and tests that find it by `[role="dialog"]`.
        // biome-ignore lint/a11y/noRedundantRoles: the attribute is what CSS selectors match
        role="dialog"
        className="lir-root lir-PolicyRetrievalLauncher-dialog"
        data-slot="dialog"
        data-lir-theme={theme}
        data-lir-preset={preset}
        aria-labelledby={`${id}t`}
        aria-describedby={`${id}d`}
        tabIndex={-1}
        onKeyDown={(event: KeyboardEvent) => event.key === 'Escape' && cancel(event)}
        // The browser's other ways to close (a phone's back gesture) come as `cancel`.
        onCancel={cancel}
        // A click on the backdrop is a click on the dialog element, outside its box.
        onClick={(event: MouseEvent<HTMLDialogElement>) => {
          const box = event.currentTarget.getBoundingClientRect();
          const { clientX: x, clientY: y } = event;
          if (
            event.target === event.currentTarget &&
            (x < box.left || x > box.right || y < box.top || y > box.bottom)
          )
            close();
        }}
      >
        <div data-slot="header">
          <h2 id={`${id}t`} data-slot="title">
            {t('title')}
          </h2>
          <button type="button" data-slot="close" onClick={close}>
            {t('close')}
          </button>
        </div>
        <p id={`${id}d`} data-slot="description">
          {t('description')}
        </p>
        {failed ? (
          <div role="alert" data-slot="error">
            <p>
              {waitMs > 0 ? t('rateLimited', { seconds: Math.ceil(waitMs / 1000) }) : t('error')}
            </p>
            <button type="button" data-slot="retry" disabled={waitMs > 0} onClick={onRetry}>
              {t('retry')}
            </button>
          </div>
        ) : url ? (
          <>
            <div data-slot="frame" data-state={loaded ? 'loaded' : 'loading'} aria-busy={!loaded}>
              {!loaded && <p data-slot="loading">{t('loading')}</p>}
              <iframe
                key={url}
                src={url}
                title={t('frameTitle')}
                sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
                allow=""
                referrerPolicy="no-referrer"
                onLoad={() => setLoadedUrl(url)}
              />
            </div>
            <a data-slot="new-tab" href={url} target="_blank" rel="noopener noreferrer">
              {t('openInNewTab')}
            </a>
          </>
        ) : (
          <p data-slot="loading" aria-busy="true">
            {t('starting')}
          </p>
        )}
      </dialog>
    </>,
    document.body,
  );
}
