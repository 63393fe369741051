import { translations } from '../shared/translations.js';

/**
 * The translations of the texts of QuoteCards and QuoteCard by language, each loaded (its own
 * chunk) when a page first needs it.
 */
export const quoteCardsTranslations = translations({
  es: () => import('../shared/componentMessagesEs.js').then((m) => m.quoteCardsMessagesEs),
});
