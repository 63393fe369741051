import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useRef, useState } from 'react';
import { useMessages } from '../shared/useMessages.js';
import type { DialogAppearance } from './appearanceAround.js';
import { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';
import { policyRetrievalLauncherMessagesEs } from './policyRetrievalLauncherMessagesEs.js';

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
 * The dialog of {@link PolicyRetrievalLauncher}, in its own module so Radix Dialog (the bulk of
 * the component's size) loads on first use rather than with every page.
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
  const t = useMessages('policyRetrievalLauncher', policyRetrievalLauncherMessages, {
    es: policyRetrievalLauncherMessagesEs,
  });
  const content = useRef<HTMLDivElement>(null);
  const [loadedUrl, setLoadedUrl] = useState<string>();
  const loaded = url !== undefined && loadedUrl === url;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="lir-root lir-PolicyRetrievalLauncher-overlay"
          data-slot="overlay"
          data-lir-theme={appearance.theme}
          data-lir-preset={appearance.preset}
        />
        <Dialog.Content
          ref={content}
          className="lir-root lir-PolicyRetrievalLauncher-dialog"
          data-slot="dialog"
          data-lir-theme={appearance.theme}
          data-lir-preset={appearance.preset}
          // The dialog itself takes focus, never the carrier's page: a cross-origin frame keeps
          // every key it receives, so Escape would no longer close the dialog. Screen readers
          // read the title and description from here; Tab moves on to the close button.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div data-slot="header">
            <Dialog.Title data-slot="title">{t('title')}</Dialog.Title>
            <Dialog.Close data-slot="close">{t('close')}</Dialog.Close>
          </div>
          <Dialog.Description data-slot="description">{t('description')}</Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
