import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { usePolicyRetrieval } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { useMessages } from '../shared/useMessages.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';

/** Props of {@link PolicyRetrievalLauncher}. */
export interface PolicyRetrievalLauncherProps {
  loanId: string;
  /** The button's text. Default: the `policyRetrievalLauncher.trigger` message. */
  triggerLabel?: string;
  /** Called once per retrieval with the retrieved policy ids, as the dialog closes. */
  onRetrieved?: (policyIds: string[]) => void;
  /** Added to the root's classes (the dialog, in a portal, keeps its own). */
  className?: string;
}

/**
 * A button that starts a policy retrieval and shows the carrier's hosted sign-in page in a dialog;
 * the dialog closes by itself when the policy arrives (`policy.retrieved`). The root's
 * `data-state` is the retrieval phase: `idle`, `starting`, `open`, `completed` or `errored`.
 *
 * @example
 * <PolicyRetrievalLauncher loanId={loan.id} onRetrieved={([policyId]) => setPolicyId(policyId)} />
 */
export function PolicyRetrievalLauncher({
  loanId,
  triggerLabel,
  onRetrieved,
  className,
}: PolicyRetrievalLauncherProps) {
  const t = useMessages('policyRetrievalLauncher', policyRetrievalLauncherMessages);
  const { phase, start, retrievalUrl, policyIds, retryAt } = usePolicyRetrieval(loanId);
  const [open, setOpen] = useState(false);
  const [loadedUrl, setLoadedUrl] = useState<string>();
  // Set by this launcher's start, so a retrieval completed elsewhere (or before mount) is not
  // reported again; a ref survives StrictMode's second effect run, so it is reported once.
  const awaiting = useRef(false);
  const retrieved = useEffectEvent((ids: readonly string[]) => onRetrieved?.([...ids]));

  useEffect(() => {
    if (phase !== 'completed' || !awaiting.current) return;
    awaiting.current = false;
    setOpen(false);
    retrieved(policyIds);
  }, [phase, policyIds]);

  // After a 429 the retry stays disabled until the wait is over.
  const waiting = useWaitUntil(retryAt);
  const waitMs = waiting && retryAt !== undefined ? retryAt - Date.now() : 0;

  const begin = () => {
    awaiting.current = true;
    // A retrieval already open is shown again rather than started twice.
    if (phase !== 'open' && phase !== 'starting') void start();
  };
  // The hook only gives safe URLs; checked again because it becomes a frame and a link.
  const url = retrievalUrl && isSafeDocumentUrl(retrievalUrl) ? retrievalUrl : undefined;
  const loaded = url !== undefined && loadedUrl === url;
  const failed = phase === 'errored' || ((phase === 'open' || phase === 'completed') && !url);

  return (
    <div className={cx('lir-root lir-PolicyRetrievalLauncher', className)} data-state={phase}>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) begin();
        }}
      >
        <Dialog.Trigger data-slot="trigger">{triggerLabel ?? t('trigger')}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay
            className="lir-root lir-PolicyRetrievalLauncher-overlay"
            data-slot="overlay"
          />
          <Dialog.Content
            className="lir-root lir-PolicyRetrievalLauncher-dialog"
            data-slot="dialog"
          >
            <Dialog.Title data-slot="title">{t('title')}</Dialog.Title>
            <Dialog.Description data-slot="description">{t('description')}</Dialog.Description>
            {failed ? (
              <div role="alert" data-slot="error">
                <p>
                  {waitMs > 0
                    ? t('rateLimited', { seconds: Math.ceil(waitMs / 1000) })
                    : t('error')}
                </p>
                <button
                  type="button"
                  data-slot="retry"
                  disabled={waitMs > 0}
                  onClick={() => void start()}
                >
                  {t('retry')}
                </button>
              </div>
            ) : url ? (
              <>
                <div
                  data-slot="frame"
                  data-state={loaded ? 'loaded' : 'loading'}
                  aria-busy={!loaded}
                >
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
      <span role="status" data-slot="status">
        {phase === 'completed' ? t('received') : ''}
      </span>
    </div>
  );
}
