import { useEffect, useId, useRef, useState } from 'react';
import { useCloseLoan } from '../../hooks/index.js';
import type { FlowPartProps } from './FlowPartProps.js';
import { FlowSection } from './FlowSection.js';

/**
 * "I bought insurance elsewhere": closing the application asks for confirmation first and says
 * what it does (no more quotes, no calls, the lender still needs proof of insurance).
 */
export function FlowElsewhere({ flow, t, settings }: FlowPartProps) {
  const [confirming, setConfirming] = useState(false);
  const closer = useCloseLoan(flow.loanId ?? '');
  const confirmId = useId();
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmTitle.current?.focus();
    else if (wasConfirming.current) opener.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  return (
    <FlowSection slot="elsewhere" title={t('elsewhereTitle')}>
      {confirming ? (
        <fieldset aria-labelledby={confirmId} data-slot="confirm">
          <h3 id={confirmId} ref={confirmTitle} tabIndex={-1}>
            {t('elsewhereConfirmTitle')}
          </h3>
          <p>{t('elsewhereConfirmText', { lenderName: settings.lenderName })}</p>
          {closer.error && (
            <p data-slot="error" role="alert">
              {t('elsewhereError')}
            </p>
          )}
          <div data-slot="actions">
            <button
              type="button"
              data-variant="danger"
              disabled={closer.isPending}
              onClick={async () => {
                if (await closer.close()) flow.closed();
              }}
            >
              {closer.isPending ? t('elsewhereClosing') : t('elsewhereConfirm')}
            </button>
            <button
              type="button"
              data-variant="secondary"
              disabled={closer.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('elsewhereCancel')}
            </button>
          </div>
        </fieldset>
      ) : (
        <>
          <p>{t('elsewhereLead')}</p>
          <button
            ref={opener}
            type="button"
            data-variant="secondary"
            onClick={() => setConfirming(true)}
          >
            {t('elsewhereButton')}
          </button>
        </>
      )}
    </FlowSection>
  );
}
