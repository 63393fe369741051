import { translations } from '../shared/translations.js';

/**
 * The translations of CallScheduler's texts by language, each loaded (its own chunk) when a
 * page first needs it.
 */
export const callSchedulerTranslations = translations({
  es: () => import('../shared/componentMessagesEs.js').then((m) => m.callSchedulerMessagesEs),
});
