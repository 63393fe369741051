import { translations } from '../shared/translations.js';

/**
 * The translations of ShopProgress's texts by language, each loaded (its own chunk) when a
 * page first needs it.
 */
export const shopProgressTranslations = translations({
  es: () => import('../shared/componentMessagesEs.js').then((m) => m.shopProgressMessagesEs),
});
