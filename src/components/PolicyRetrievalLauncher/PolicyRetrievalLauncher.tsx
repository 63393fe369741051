import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { InsuranceError } from '../../core/errors/InsuranceError.js';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import { useInsuranceContext, usePolicyRetrieval } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import { useLatest } from '../shared/useLatest.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import type { DialogAppearance } from './appearanceAround.js';
import { appearanceAround } from './appearanceAround.js';
import { policyRetrievalLauncherMessages } from './policyRetrievalLauncherMessages.js';
import { policyRetrievalLauncherTranslations } from './policyRetrievalLauncherTranslations.js';

// The dialog is most of this component's weight: it loads when the borrower points at or
// focuses the button (usually before the click), not with the page.
const loadDialog = () => import('./RetrievalDialog.js');
const LazyRetrievalDialog = lazy(() => loadDialog().then((m) => ({ default: m.RetrievalDialog })));

/**
 * Why the borrower left the retrieval dialog without a policy: `closed` (Close, Escape or a
 * click outside it) or `errored` (closed while it showed an error).
 */
export type PolicyRetrievalExitReason = 'closed' | 'errored';

/** What {@link PolicyRetrievalLauncherProps.onExit} receives. */
export interface PolicyRetrievalExit {
  reason: PolicyRetrievalExitReason;
}

/** Props of {@link PolicyRetrievalLauncher}. */
export interface PolicyRetrievalLauncherProps {
  loanId: string;
  /** The button's text. Default: the `policyRetrievalLauncher.trigger` message. */
  triggerLabel?: string;
  /** Called once per retrieval with the retrieved policy ids, as the dialog closes. */
  onRetrieved?: (policyIds: string[]) => void;
  /**
   * Called when the borrower closes the dialog before a policy arrived. The retrieval stays
   * open: a policy that still arrives (say, from the page opened in a new tab) is reported to
   * `onRetrieved`, and the button shows the same retrieval again.
   */
  onExit?: (exit: PolicyRetrievalExit) => void;
  /**
   * Called once per failure, as the dialog shows it, with the `InsuranceError` of the failed
   * start: e.g. a `RateLimitedError`, a `NetworkError`, or a `ServiceError` (`serviceCode`
   * `invalid_response` when the answer had no safe sign-in URL).
   */
  onError?: (error: InsuranceError) => void;
  /** Added to the root's classes (the dialog, in a portal, keeps its own). */
  className?: string;
}

/** {@link PolicyRetrievalLauncher}'s content, inside its own Suspense boundary. */
function PolicyRetrievalLauncherContent({
  loanId,
  triggerLabel,
  onRetrieved,
  onExit,
  onError,
  className,
}: PolicyRetrievalLauncherProps) {
  useInsuranceContext('PolicyRetrievalLauncher');
  const t = useMessages(
    'policyRetrievalLauncher',
    policyRetrievalLauncherMessages,
    policyRetrievalLauncherTranslations,
  );
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const { phase, start, retrievalUrl, policyIds, error, retryAt } = usePolicyRetrieval(loanId);
  const [open, setOpen] = useState(false);
  // Mounted on first open, then kept so it can animate closed and reopen at once.
  const [mounted, setMounted] = useState(false);
  // The palette and preset the page chose around the launcher, carried to the dialog in its portal.
  const [appearance, setAppearance] = useState<DialogAppearance>({});
  const trigger = useRef<HTMLButtonElement>(null);
  // Set by this launcher's start, so a retrieval completed elsewhere (or before mount) is not
  // reported again; a ref survives StrictMode's second effect run, so it is reported once.
  const awaiting = useRef(false);
  // The newest callbacks, without re-running the effects when the host passes new ones.
  const retrieved = useLatest(onRetrieved);
  const exited = useLatest(onExit);
  const errored = useLatest(onError);

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
  const failure = phase === 'errored' ? error : null;

  // Each failure is a new error object: reported once, as it shows.
  useEffect(() => {
    if (failure) errored.current?.(failure);
  }, [failure, errored]);

  const openChange = (next: boolean) => {
    setOpen(next);
    // Leaving with the policy in is no exit: onRetrieved says so.
    if (!next && phase !== 'completed') exited.current?.({ reason: failed ? 'errored' : 'closed' });
  };

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
          setAppearance(appearanceAround(root.current));
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
            onOpenChange={openChange}
            url={url}
            failed={failed}
            waitMs={waitMs}
            onRetry={() => void start()}
            returnFocusTo={trigger}
            appearance={appearance}
          />
        </Suspense>
      )}
      <span role="status" data-slot="status">
        {phase === 'completed' ? t('received') : ''}
      </span>
    </div>
  );
}

/**
 * A button that starts a policy retrieval and shows the carrier's hosted sign-in page in a dialog;
 * the dialog closes by itself when the policy arrives (`policy.retrieved`). The root's
 * `data-state` is the retrieval phase: `idle`, `starting`, `open`, `completed` or `errored`.
 * Focus starts on the dialog, not in the carrier's page, so Escape closes it; on a phone
 * (narrower than 40rem, or shorter than 30rem) the dialog fills the screen and the sign-in page
 * all of it below the title bar. The dialog, in a portal, takes the `data-lir-theme` and
 * `data-lir-preset` the launcher is under.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the `loading` state. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <PolicyRetrievalLauncher
 *   loanId={loan.id}
 *   onRetrieved={([policyId]) => setPolicyId(policyId)}
 *   onExit={({ reason }) => reason === 'errored' && offerUpload()}
 *   onError={(error) => log('retrieval', error.code)}
 * />
 */
export function PolicyRetrievalLauncher(props: PolicyRetrievalLauncherProps) {
  return (
    <SuspenseRoot
      className={cx('lir-root lir-PolicyRetrievalLauncher', props.className)}
      minHeight="2.25rem"
    >
      <PolicyRetrievalLauncherContent {...props} />
    </SuspenseRoot>
  );
}
