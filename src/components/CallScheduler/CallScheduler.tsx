import { useInsuranceContext, useTcpaConsent } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import type { CallSchedulerProps } from './CallSchedulerProps.js';
import { lazyCallScheduler } from './lazyCallScheduler.js';

const { Component: CallSchedulerBody } = lazyCallScheduler;

/**
 * Lets the borrower schedule a call with an insurance advisor at a free time in their time zone,
 * or ask to be called now, on a number they see and may change. Both wait for TCPA consent,
 * which it offers in place until recorded; a call to a number the recorded consent does not name
 * records the consent again for that number first. "Call me now" is offered only inside the
 * advisor hours (not in their last minutes); outside them, the next time an advisor can call is
 * shown instead, and every offered time lies inside them.
 * `data-state`: `consentRequired` | `ready` | `scheduling` | `calling` | `scheduled` | `called` |
 * `error`. Its code is a chunk of its own, fetched when it first renders (or on
 * {@link preloadCallScheduler}); until it arrives, its root stands in, empty and `aria-busy`, with
 * the state it will show first and the space that takes. It is its own Suspense boundary: a host
 * needs none.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * @example
 * <CallScheduler
 *   loanId={loan.id}
 *   lenderName="Acme Bank"
 *   termsOfServiceId="tcpa_v2"
 *   timeZone="America/Los_Angeles"
 *   advisorHours={DEFAULT_ADVISOR_HOURS}
 *   phone="512-555-0134"
 *   onScheduled={({ scheduledAt }) => console.info('Call at', scheduledAt)}
 * />
 */
export function CallScheduler(props: CallSchedulerProps) {
  useInsuranceContext('CallScheduler');
  // Read while the code loads (the content reads the same query): its first state is known.
  const consent = useTcpaConsent(props.loanId);
  return (
    <SuspenseRoot
      className={cx('lir-root lir-CallScheduler', props.className)}
      state={consent.recorded === true ? 'ready' : 'consentRequired'}
      minHeight={consent.recorded === true ? '20rem' : '39rem'}
    >
      <CallSchedulerBody {...props} />
    </SuspenseRoot>
  );
}
