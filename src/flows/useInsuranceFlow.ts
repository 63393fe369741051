import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatest } from '../components/shared/useLatest.js';
import type { InsuranceError, Loan } from '../core/index.js';
import { useLoan, useLoanCoverage, useQuoteDisplay } from '../hooks/index.js';
import { deriveFlowStep } from './deriveFlowStep.js';
import type { FlowPath, FlowStep } from './FlowStep.js';
import type {
  FlowCompletion,
  FlowExit,
  FlowExitReason,
  InsuranceFlowEvent,
  InsuranceFlowEventName,
} from './InsuranceFlowEvent.js';

/** Options of {@link useInsuranceFlow} (and props of `InsuranceFlow`). */
export interface UseInsuranceFlowOptions {
  /**
   * The loan application the lender's server created (the usual case). Without it the flow
   * starts with the application form and continues with the application it creates.
   */
  loanId?: string;
  /** Called once the borrower is covered (a policy bound or retrieved, in force). */
  onComplete?: (completion: FlowCompletion) => void;
  /** Called when the borrower leaves the flow: closed the application, finished later, or an error. */
  onExit?: (exit: FlowExit) => void;
  /** Funnel analytics: every step and action, by stable name, without personal data. */
  onEvent?: (event: InsuranceFlowEvent) => void;
  /** Called with the application the form created, so the host can keep its id (to resume). */
  onApplicationCreated?: (loan: Loan) => void;
}

/** Details an action adds to its event (ids and counts only). */
export type FlowEventDetails = Omit<InsuranceFlowEvent, 'name' | 'step' | 'loanId' | 'timestamp'>;

/** What {@link useInsuranceFlow} returns: where the borrower is, and what moves them on. */
export interface InsuranceFlowState {
  step: FlowStep;
  /** The loan application, once there is one. */
  loanId: string | undefined;
  loan: Loan | undefined;
  /** The path chosen in this visit (a resumed flow knows it from the loan's status instead). */
  path: FlowPath | undefined;
  /** The loan's bound and retrieved policies. */
  policyIds: readonly string[];
  /** Why the application could not be read (`unavailable`). */
  error: InsuranceError | null;
  /** The form created the application: continue with it. */
  applicationCreated(loan: Loan): void;
  /** Shop for a new policy, share an existing one, or (`undefined`) go back to the choice. */
  choosePath(path: FlowPath | undefined): void;
  /** The borrower agreed to the shopping terms: quoting starts. */
  consentRecorded(): void;
  /** The borrower closed the application (insured elsewhere). */
  closed(): void;
  /** The borrower leaves the flow. */
  exit(reason: FlowExitReason, error?: InsuranceError | null): void;
  /** Reports an action to `onEvent` (the components' callbacks call it). */
  track(name: InsuranceFlowEventName, details?: FlowEventDetails): void;
  /** Reads the application again (from `unavailable`). */
  retry(): void;
}

/**
 * The headless drop-in flow: from a loan application id (or none: the application form first)
 * to "you're covered", through shopping (consent, quotes, an advisor) or sharing an existing
 * policy. The step is derived from what the service remembers (the loan's status, its policies
 * and whether they are in force) plus what the borrower did in this visit, so a reload mid-quote,
 * after a selection, or days later after a policy was bound lands on the right step. Reports
 * `onEvent` for analytics, `onComplete` once covered and `onExit` when the borrower leaves.
 * `InsuranceFlow` is this hook with the library's components; build your own UI on it the same way.
 *
 * @example
 * function MyFlow({ loanId }: { loanId: string }) {
 *   const flow = useInsuranceFlow({ loanId, onComplete: ({ policyIds }) => save(policyIds) });
 *   if (flow.step === 'covered') return <p>You're covered.</p>;
 *   if (flow.step === 'choose')
 *     return <button onClick={() => flow.choosePath('shop')}>Get quotes</button>;
 *   return <ShopProgress loanId={flow.loanId ?? ''} autoStart />;
 * }
 */
export function useInsuranceFlow(options: UseInsuranceFlowOptions = {}): InsuranceFlowState {
  const [createdId, setCreatedId] = useState<string>();
  const loanId = options.loanId ?? createdId;
  const [path, setPath] = useState<FlowPath>();
  const [consented, setConsented] = useState(false);
  const [closedHere, setClosedHere] = useState(false);
  const loan = useLoan(loanId);
  const { coverage, policyIds } = useLoanCoverage(loanId);
  const { quotes } = useQuoteDisplay(loanId);
  const step = deriveFlowStep({
    loanId,
    status: loan.data?.status,
    loanRead: loan.data !== undefined || loan.error !== null,
    loanFailed: loan.error !== null,
    coverage,
    path,
    consented,
    closedHere,
  });

  const callbacks = useLatest(options);
  const where = useRef({ step, loanId, path });
  where.current = { step, loanId, path };
  const track = useCallback(
    (name: InsuranceFlowEventName, details: FlowEventDetails = {}) => {
      const { step: at, loanId: id } = where.current;
      callbacks.current?.onEvent?.({
        name,
        step: at,
        ...(id ? { loanId: id } : {}),
        timestamp: Date.now(),
        ...details,
      });
    },
    [callbacks],
  );

  // The first step decides whether this visit resumes: past the application, or not.
  const opened = useRef(false);
  const resumed = useRef(false);
  const lastStep = useRef<FlowStep>(undefined);
  const quotesAwaited = useRef(false);
  useEffect(() => {
    if (step === 'loading') return;
    if (!opened.current) {
      opened.current = true;
      resumed.current = !!options.loanId && step !== 'choose';
      track('OPEN', { resumed: resumed.current });
    }
    if (lastStep.current === step) return;
    const previous = lastStep.current;
    lastStep.current = step;
    track('STEP_VIEW');
    if (step === 'quotes' && previous === 'quoting') quotesAwaited.current = true;
    if (step === 'quotingFailed' && previous === 'quoting') track('QUOTING_FAILED');
    if (step === 'unavailable') track('ERROR', { errorCode: loan.error?.code ?? 'unknown' });
    if (step === 'covered') {
      const { loanId: id, path: chosen } = where.current;
      // Resumed here means covered before this visit: nothing happened in it.
      const already = previous === undefined;
      track('COMPLETE', { resumed: already });
      if (id)
        callbacks.current?.onComplete?.({
          loanId: id,
          policyIds,
          ...(chosen ? { path: chosen } : {}),
          resumed: already,
        });
    }
  }, [step, track, options.loanId, loan.error, policyIds, callbacks]);

  // Quoting just finished: reported once the quotes are read, with how many there are.
  useEffect(() => {
    if (!quotesAwaited.current || step !== 'quotes' || quotes.length === 0) return;
    quotesAwaited.current = false;
    track('QUOTES_READY', { quoteCount: quotes.length });
  }, [step, quotes.length, track]);

  // Policies that arrive once the flow is open, once each (those it opened with are not news).
  const seenPolicies = useRef(0);
  useEffect(() => {
    if (opened.current && policyIds.length > seenPolicies.current) {
      track('POLICY_RECEIVED', { policyCount: policyIds.length });
      // The policy the borrower went to share has arrived: the path is done, and what the
      // policy says (covered, or lapsed) shows next.
      setPath((chosen) => (chosen === 'existing' ? undefined : chosen));
    }
    seenPolicies.current = policyIds.length;
  }, [policyIds.length, track]);

  const exit = useCallback(
    (reason: FlowExitReason, error?: InsuranceError | null) => {
      const { step: at, loanId: id } = where.current;
      const errorCode = error?.code;
      track('EXIT', { reason, ...(errorCode ? { errorCode } : {}) });
      callbacks.current?.onExit?.({
        reason,
        step: at,
        ...(id ? { loanId: id } : {}),
        ...(errorCode ? { errorCode } : {}),
      });
    },
    [track, callbacks],
  );

  const { refetch } = loan;
  return useMemo(
    () => ({
      step,
      loanId,
      loan: loan.data,
      path,
      policyIds,
      error: step === 'unavailable' ? loan.error : null,
      applicationCreated: (created: Loan) => {
        setCreatedId(created.id);
        where.current.loanId = created.id;
        track('APPLICATION_SUBMITTED');
        callbacks.current?.onApplicationCreated?.(created);
      },
      choosePath: (next: FlowPath | undefined) => {
        setPath(next);
        if (next) track('PATH_CHOSEN', { path: next });
      },
      consentRecorded: () => {
        setConsented(true);
        track('CONSENT_RECORDED');
      },
      closed: () => {
        setClosedHere(true);
        track('CLOSE_CONFIRMED');
        exit('insured_elsewhere');
      },
      exit,
      track,
      retry: () => void refetch(),
    }),
    [step, loanId, loan.data, loan.error, path, policyIds, track, exit, refetch, callbacks],
  );
}
