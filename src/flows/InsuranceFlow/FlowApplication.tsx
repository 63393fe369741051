import { LoanApplicationForm } from '../../components/index.js';
import type { FlowPartProps } from './FlowPartProps.js';

/** No application yet: the form, prefilled with what the host knows. */
export function FlowApplication({ flow, t, settings }: FlowPartProps) {
  return (
    <>
      <p>{t('applicationLead')}</p>
      <LoanApplicationForm
        onCreated={flow.applicationCreated}
        {...(settings.applicationDefaults ? { defaultValues: settings.applicationDefaults } : {})}
        {...(settings.lockedFields ? { lockedFields: settings.lockedFields } : {})}
      />
    </>
  );
}
