import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import type { ConsentRecord } from '../../core/schemas/consentRecord.js';
import { useInsuranceContext, useTcpaConsent } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { SuspenseRoot } from '../shared/SuspenseRoot.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { useWaitUntil } from '../shared/useWaitUntil.js';
import { tcpaConsentCheckboxMessages } from './tcpaConsentCheckboxMessages.js';
import { tcpaConsentCheckboxTranslations } from './tcpaConsentCheckboxTranslations.js';

/** Props of {@link TcpaConsentCheckbox}. */
export interface TcpaConsentCheckboxProps {
  loanId: string;
  /** Named in the default disclosure. */
  lenderName: string;
  /** Version of the disclosure text the borrower accepts (change it when the text changes). */
  termsOfServiceId: string;
  /** Replaces the default disclosure text. */
  disclosure?: ReactNode;
  /** The contact details the consent covers, sent with it. */
  email?: string;
  phone?: string;
  /** Called once the service has recorded the consent the borrower just gave. */
  onRecorded?: (record: ConsentRecord) => void;
  className?: string;
}

// The service's `consentDateTime` carries no zone: it is UTC.
const asUtc = (value: string) =>
  new Date(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);

/** {@link TcpaConsentCheckbox}'s content, inside its own Suspense boundary. */
function TcpaConsentCheckboxContent({
  loanId,
  lenderName,
  termsOfServiceId,
  disclosure,
  email,
  phone,
  onRecorded,
  className,
}: TcpaConsentCheckboxProps) {
  useInsuranceContext('TcpaConsentCheckbox');
  const t = useMessages(
    'tcpaConsentCheckbox',
    tcpaConsentCheckboxMessages,
    tcpaConsentCheckboxTranslations,
  );
  const format = useFormat();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const { data, recorded, isLoading, record, recording } = useTcpaConsent(loanId);
  const consent = recording.data ?? data?.consent ?? undefined;
  const state =
    recorded || recording.data
      ? 'recorded'
      : recording.isPending
        ? 'recording'
        : recording.error
          ? 'error'
          : 'unchecked';

  // A rate limit's wait: the button comes back when it is over.
  const { retryAt } = recording;
  const waiting = useWaitUntil(retryAt);

  // The checkbox is disabled and the button goes away: keep focus in the component meanwhile.
  const submit = async () => {
    root.current?.focus();
    const answer = await record({ termsOfServiceId, email, phone });
    if (answer) onRecorded?.(answer);
  };

  const date = consent?.consentDateTime ? asUtc(consent.consentDateTime) : undefined;
  const status =
    state === 'recording'
      ? t('recording')
      : state === 'recorded'
        ? date && !Number.isNaN(date.getTime())
          ? t('recorded', { date: format.dateTime(date) })
          : t('recordedUndated')
        : '';

  return (
    <div
      ref={root}
      tabIndex={-1}
      className={cx('lir-root lir-TcpaConsentCheckbox', className)}
      data-state={state}
    >
      <div data-slot="control">
        <input
          id={`${id}-input`}
          type="checkbox"
          data-slot="checkbox"
          checked={state === 'recording' || state === 'recorded'}
          // Unknown until read: a consent already recorded must not be recorded again.
          disabled={isLoading || state === 'recording' || state === 'recorded'}
          aria-describedby={`${id}-disclosure`}
          onChange={(event) => {
            if (event.target.checked) void submit();
          }}
        />
        <label htmlFor={`${id}-input`} data-slot="label">
          {t('label')}
        </label>
      </div>
      <div id={`${id}-disclosure`} data-slot="disclosure">
        {disclosure ?? t('disclosure', { lenderName })}
      </div>
      <p role="status" data-slot="status">
        {status}
        {state === 'recorded' && <span data-slot="revoke"> {t('revoke')}</span>}
      </p>
      {state === 'error' && (
        <div data-slot="error">
          <p role="alert" data-slot="message">
            {waiting
              ? t('rateLimited', { time: format.dateTime(retryAt ?? Date.now()) })
              : t('error')}
          </p>
          <button type="button" data-slot="retry" disabled={waiting} onClick={() => void submit()}>
            {t('retry')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The borrower's TCPA consent (needed before an advisor may call): a checkbox, unchecked by
 * default, with the full disclosure beside it. Checking it records the consent once; a recorded
 * consent stays checked and cannot be withdrawn here (the disclosure says how). `data-state` is
 * `unchecked`, `recording`, `recorded` or `error`.
 *
 * Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per
 * page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.
 *
 * Until its texts in the provider's language have loaded, its root stands in, empty and
 * `aria-busy`, in the `loading` state. It is its own Suspense boundary: a host needs none.
 *
 * @example
 * <TcpaConsentCheckbox
 *   loanId={loanId}
 *   lenderName="Acme Bank"
 *   termsOfServiceId="tcpa_v2"
 *   phone="5555550123"
 *   onRecorded={(record) => console.log(record.consentDateTime)}
 * />
 */
export function TcpaConsentCheckbox(props: TcpaConsentCheckboxProps) {
  return (
    <SuspenseRoot
      className={cx('lir-root lir-TcpaConsentCheckbox', props.className)}
      minHeight="7rem"
    >
      <TcpaConsentCheckboxContent {...props} />
    </SuspenseRoot>
  );
}
