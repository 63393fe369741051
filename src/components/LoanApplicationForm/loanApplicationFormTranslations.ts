import { translations } from '../shared/translations.js';

/**
 * The translations of LoanApplicationForm's texts by language, each loaded (its own chunk) when a
 * page first needs it.
 */
export const loanApplicationFormTranslations = translations({
  es: () =>
    import('./loanApplicationFormMessagesEs.js').then((m) => m.loanApplicationFormMessagesEs),
});
