import { policyStanding } from '../../core/policyStanding.js';
import type { PolicyDetails } from '../../core/schemas/policy.js';
import { useFormat } from '../shared/useFormat.js';
import { useMessages } from '../shared/useMessages.js';
import { policyDocumentsMessages } from './policyDocumentsMessages.js';
import { policyDocumentsTranslations } from './policyDocumentsTranslations.js';

/** Props of {@link PolicyStandingNote}. */
export interface PolicyStandingNoteProps {
  policy: PolicyDetails;
}

/**
 * Where the policy stands today, in words ("Cancelled on …", "Cancels on …", "Expired on …",
 * "Starts on …", "In force until …"), from its dates: the service's `status` is not read, so a
 * cancelled policy never reads as in force. `data-standing` carries the standing for styling.
 * Nothing when the policy has none of the dates.
 */
export function PolicyStandingNote({ policy }: PolicyStandingNoteProps) {
  const t = useMessages('policyDocuments', policyDocumentsMessages, policyDocumentsTranslations);
  const { date } = useFormat();
  const standing = policyStanding(policy);
  if (standing === 'unknown') return null;
  const on = (value: unknown) => ({ date: typeof value === 'string' ? date(value) : '' });
  const text =
    standing === 'cancelled'
      ? t('cancelled', on(policy.cancellationDate))
      : standing === 'cancelling'
        ? t('cancelling', on(policy.cancellationDate))
        : standing === 'expired'
          ? t('expiredOn', on(policy.expirationDate))
          : standing === 'upcoming'
            ? t('upcoming', on(policy.effectiveDate))
            : typeof policy.expirationDate === 'string' && policy.expirationDate
              ? t('inForce', on(policy.expirationDate))
              : t('inForceOpen');
  return (
    <p data-slot="standing" data-standing={standing}>
      {text}
    </p>
  );
}
