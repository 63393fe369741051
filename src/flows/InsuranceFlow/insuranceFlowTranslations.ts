import { translations } from '../../components/shared/translations.js';

/**
 * The translations of InsuranceFlow's texts by language, each loaded (its own chunk) when a
 * page first needs it.
 */
export const insuranceFlowTranslations = translations({
  es: () => import('./insuranceFlowMessagesEs.js').then((m) => m.insuranceFlowMessagesEs),
});
