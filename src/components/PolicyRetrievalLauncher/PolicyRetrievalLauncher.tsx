import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { useInsuranceContext, usePolicyRetrieval } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { useLatest } from '../shared/useLatest.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';

// Radix Dialog is most of this component's weight: it loads when the borrower points at or
// focuses the button (usually before the click), not with the page.
const loadDialog = () => import('./RetrievalDialog.js');
const LazyRetrievalDialog = lazy(() => loadDialog().then((m) => ({ default: m.RetrievalDialog })));

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
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
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
  useInsuranceContext('PolicyRetrievalLauncher');
  const t = useMessages('policyRetrievalLauncher', policyRetrievalLauncherMessages);
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const { phase, start, retrievalUrl, policyIds, retryAt } = usePolicyRetrieval(loanId);
  const [open, setOpen] = useState(false);
  // Mounted on first open, then kept so it can animate closed and reopen at once.
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Set by this launcher's start, so a retrieval completed elsewhere (or before mount) is not
  // reported again; a ref survives StrictMode's second effect run, so it is reported once.
  const awaiting = useRef(false);
  // The newest callback, without re-running the effect when the host passes a new one.
  const retrieved = useLatest(onRetrieved);

  useEffect(() => {
    if (phase !== 'completed' || !awaiting.current) return;
    awaiting.current = false;
    setOpen(false);
    retrieved.current?.([...policyIds]);
  }, [phase, policyIds, retrieved]);

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
  const failed = phase === 'errored' || ((phase === 'open' || phase === 'completed') && !url);

  return (
    <div
      ref={root}
      className={cx('lir-root lir-PolicyRetrievalLauncher', className)}
      data-state={phase}
    >
      <button
        ref={trigger}
        type="button"
        data-slot="trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setOpen(true);
          setMounted(true);
          begin();
        }}
      >
        {triggerLabel ?? t('trigger')}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <LazyRetrievalDialog
            open={open}
            onOpenChange={setOpen}
            url={url}
            failed={failed}
            waitMs={waitMs}
            onRetry={() => void start()}
            returnFocusTo={trigger}
          />
        </Suspense>
      )}
      <span role="status" data-slot="status">
        {phase === 'completed' ? t('received') : ''}
      </span>
    </div>
  );
}
