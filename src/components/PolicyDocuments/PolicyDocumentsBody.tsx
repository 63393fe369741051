import { useId, useRef, useState } from 'react';
import { isSafeDocumentUrl } from '../../core/isSafeDocumentUrl.js';
import type { PolicyDocument } from '../../core/schemas/policy.js';
import { useInsuranceContext, usePolicy } from '../../hooks/index.js';
import { cx } from '../shared/cx.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import { useStylesheetCheck } from '../shared/useStylesheetCheck.js';
import { PolicyCoverages } from './PolicyCoverages.js';
import type { PolicyDocumentsProps, PolicyDocumentsState } from './PolicyDocuments.js';
import { PolicyStandingNote } from './PolicyStandingNote.js';
import { policyDocumentsMessages } from './policyDocumentsMessages.js';
import { policyDocumentsTranslations } from './policyDocumentsTranslations.js';
import { summaryFields } from './summaryFields.js';

const TYPE_KEYS = { eoi_document: 'typeEoi', declarations_page: 'typeDeclarations' } as const;

const isExpired = (error: unknown) =>
  (error as { serviceCode?: unknown } | null)?.serviceCode === 'document_url_expired';

/** {@link PolicyDocuments}'s content: its own chunk, loaded when it first shows. */
export function PolicyDocumentsBody({ policyId, className }: PolicyDocumentsProps) {
  useInsuranceContext('PolicyDocuments');
  const t = useMessages('policyDocuments', policyDocumentsMessages, policyDocumentsTranslations);
  const root = useRef<HTMLDivElement>(null);
  useStylesheetCheck(root);
  const { money, date } = useFormat();
  const {
    data: policy,
    documents,
    isLoading,
    error,
    refetch,
    getDocumentUrl,
  } = usePolicy(policyId);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<'expired' | 'open-failed' | null>(null);
  const id = useId();

  const open = async (document: PolicyDocument) => {
    if (opening) return;
    setOpening(document.id);
    setOpenError(null);
    try {
      const url = await getDocumentUrl(document.id);
      // The hook gives safe URLs only; checked again right before it becomes a navigation.
      if (!isSafeDocumentUrl(url)) throw new Error('Unsafe document URL');
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (e) {
      setOpenError(isExpired(e) ? 'expired' : 'open-failed');
    } finally {
      setOpening(null);
    }
  };

  const state: PolicyDocumentsState =
    isLoading || (!policy && !error)
      ? 'loading'
      : !policy
        ? 'errored'
        : opening
          ? 'opening'
          : (openError ?? (documents.length === 0 ? 'empty' : 'ready'));

  const summary = policy ? summaryFields(policy, t, { money, date }) : [];

  return (
    <div
      ref={root}
      className={cx('lir-root lir-PolicyDocuments', className)}
      data-state={state}
      aria-busy={state === 'loading'}
    >
      {state === 'loading' ? (
        <div data-slot="skeleton">
          <p>{t('loading')}</p>
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </div>
      ) : !policy ? (
        <div role="alert" data-slot="error">
          <p>{t('error')}</p>
          <button type="button" data-slot="retry" onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <PolicyStandingNote policy={policy} />
          <dl data-slot="summary" aria-label={t('summary')}>
            {summary.map(([key, value]) => (
              <div key={key} data-slot="field">
                <dt>{t(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <PolicyCoverages coverages={policy.coverages} />
          {documents.length === 0 ? (
            <p data-slot="empty">{t('empty')}</p>
          ) : (
            <ul data-slot="documents" aria-label={t('documents')}>
              {documents.map((document, index) => (
                <li
                  key={document.id}
                  data-slot="document"
                  data-state={opening === document.id ? 'opening' : 'idle'}
                >
                  <button
                    type="button"
                    data-slot="open"
                    aria-describedby={`${id}-${index}`}
                    aria-disabled={opening !== null || undefined}
                    onClick={() => void open(document)}
                  >
                    {t('open', { name: document.name })}
                  </button>
                  <span id={`${id}-${index}`} data-slot="type">
                    {t(TYPE_KEYS[document.type as keyof typeof TYPE_KEYS] ?? 'typeOther')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {openError && (
            <p role="alert" data-slot="open-error">
              {t(openError === 'expired' ? 'expired' : 'openFailed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
