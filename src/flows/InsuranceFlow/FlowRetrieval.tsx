import { PolicyRetrievalLauncher } from '../../components/index.js';
import type { FlowPartProps } from './FlowPartProps.js';

/** Sharing an existing policy: the carrier's sign-in, in a dialog. */
export function FlowRetrieval({ flow, t }: FlowPartProps) {
  return (
    <>
      <p>{t('retrievalLead')}</p>
      <PolicyRetrievalLauncher
        loanId={flow.loanId ?? ''}
        onExit={() => flow.track('RETRIEVAL_EXITED')}
        onError={(error) => flow.track('RETRIEVAL_FAILED', { errorCode: error.code })}
      />
      <p>
        <button type="button" data-variant="link" onClick={() => flow.choosePath(undefined)}>
          {t('back')}
        </button>
      </p>
    </>
  );
}
