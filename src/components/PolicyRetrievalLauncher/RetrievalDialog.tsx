import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useState } from 'react';
import { useMessages } from '../shared/useMessages.js';
import { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';

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
}: RetrievalDialogProps) {
  const t = useMessages('policyRetrievalLauncher', policyRetrievalLauncherMessages);
  const [loadedUrl, setLoadedUrl] = useState<string>();
  const loaded = url !== undefined && loadedUrl === url;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="lir-root lir-PolicyRetrievalLauncher-overlay"
          data-slot="overlay"
        />
        <Dialog.Content
          className="lir-root lir-PolicyRetrievalLauncher-dialog"
          data-slot="dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title data-slot="title">{t('title')}</Dialog.Title>
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
          <Dialog.Close data-slot="close">{t('close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
