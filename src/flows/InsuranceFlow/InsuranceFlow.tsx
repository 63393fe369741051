import { Suspense, useEffect, useRef } from 'react';
import { cx } from '../../components/shared/cx.js';
import { SuspenseRoot } from '../../components/shared/SuspenseRoot.js';
import { useMessages } from '../../components/shared/useMessages.js';
import { useInsuranceContext } from '../../hooks/index.js';
import type { FlowStep } from '../FlowStep.js';
import { useInsuranceFlow } from '../useInsuranceFlow.js';
import { FlowChoose } from './FlowChoose.js';
import { FlowConsent } from './FlowConsent.js';
import type { FlowPartProps, FlowText } from './FlowPartProps.js';
import { FlowSection } from './FlowSection.js';
import { preloadStepParts, STEP_PARTS } from './flowStepParts.js';
import type { InsuranceFlowProps } from './InsuranceFlowProps.js';
import { insuranceFlowMessages } from './insuranceFlowMessages.js';
import { insuranceFlowTranslations } from './insuranceFlowTranslations.js';

const TITLES: Record<Exclude<FlowStep, 'loading'>, keyof typeof insuranceFlowMessages> = {
  application: 'applicationTitle',
  unavailable: 'unavailableTitle',
  choose: 'chooseTitle',
  consent: 'consentTitle',
  quoting: 'quotingTitle',
  quotes: 'quotesTitle',
  quotingFailed: 'quotingFailedTitle',
  retrieval: 'retrievalTitle',
  covered: 'coveredTitle',
  lapsed: 'lapsedTitle',
  closed: 'closedTitle',
};

/** Steps the borrower cannot leave from: nothing is left to finish later. */
const FINAL: ReadonlySet<FlowStep> = new Set(['covered', 'closed']);

/** {@link InsuranceFlow}'s content, inside its own Suspense boundary. */
function InsuranceFlowContent(props: InsuranceFlowProps) {
  useInsuranceContext('InsuranceFlow');
  const t: FlowText = useMessages(
    'insuranceFlow',
    insuranceFlowMessages,
    insuranceFlowTranslations,
  );
  const flow = useInsuranceFlow(props);
  const part: FlowPartProps = { flow, t, settings: props };
  const { step } = flow;

  // A new step takes focus (its heading) so keyboard and screen reader users follow along;
  // the first step a visit shows does not steal focus from the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<FlowStep>(undefined);
  useEffect(() => {
    preloadStepParts(step);
    if (step === 'loading') return;
    if (shown.current !== undefined && shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  return (
    <section
      className={cx('lir-root', 'lir-InsuranceFlow', props.className)}
      data-state={step}
      aria-label={t('label')}
    >
      {step === 'loading' ? (
        <p data-slot="loading" role="status">
          {t('loading')}
        </p>
      ) : (
        <FlowSection slot="step" title={t(TITLES[step])} headingRef={heading}>
          <StepBody {...part} />
        </FlowSection>
      )}
      {props.showFinishLater && !FINAL.has(step) && (
        <p data-slot="later">
          <button
            type="button"
            data-variant="link"
            onClick={() => flow.exit(step === 'unavailable' ? 'error' : 'later', flow.error)}
          >
            {t('later')}
          </button>
        </p>
      )}
    </section>
  );
}

/** What a step shows under its heading: its own parts, or a part loaded for it. */
function StepBody(part: FlowPartProps) {
  const { flow, t, settings } = part;
  const Part = STEP_PARTS[flow.step];
  if (Part)
    return (
      <Suspense
        fallback={
          <p data-slot="loading" role="status">
            {t('loading')}
          </p>
        }
      >
        <Part {...part} />
      </Suspense>
    );
  switch (flow.step) {
    case 'unavailable':
      return (
        <div data-slot="error">
          <p role="alert">{t('unavailable', { lenderName: settings.lenderName })}</p>
          <button type="button" onClick={flow.retry}>
            {t('retry')}
          </button>
        </div>
      );
    case 'choose':
      return <FlowChoose {...part} />;
    case 'consent':
      return <FlowConsent {...part} />;
    case 'closed':
      return <p data-slot="lead">{t('closedLead', { lenderName: settings.lenderName })}</p>;
    default:
      return null;
  }
}

/**
 * The whole borrower flow in one component: from a loan application id (or the application form)
 * to "you're covered", by shopping (consent, quotes, an advisor) or by sharing an existing policy,
 * with a way forward from every state (an advisor, an existing policy or the service's page when
 * quoting fails). It resumes where the borrower is, from the loan's status and policies. Built only
 * from the public hooks and components; {@link useInsuranceFlow} is its headless twin.
 * `data-state` on the root is the step ({@link FlowStep}).
 *
 * Styled by `lender-insurance-react/styles.css`.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the state it will show first. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <InsuranceProvider adapter={adapter} locale="en-US">
 *   <InsuranceFlow
 *     loanId={loanId}
 *     lenderName="Acme Home Loans"
 *     termsOfServiceId="acme-insurance-terms-2026-01"
 *     tcpaTermsOfServiceId="acme-tcpa-2026-01"
 *     onComplete={({ policyIds }) => markInsured(policyIds)}
 *     onEvent={(event) => analytics.track(event.name, event)}
 *   />
 * </InsuranceProvider>
 */
export function InsuranceFlow(props: InsuranceFlowProps) {
  return (
    <SuspenseRoot
      className={cx('lir-root', 'lir-InsuranceFlow', props.className)}
      as="section"
      minHeight="4rem"
    >
      <InsuranceFlowContent {...props} />
    </SuspenseRoot>
  );
}
