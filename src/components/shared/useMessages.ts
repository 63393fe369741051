import { useInsuranceContext } from '../../hooks/index.js';
import { languageOf } from './languageOf.js';
import type { Translations } from './translations.js';
import { readTranslation } from './translations.js';

/** Values for `{name}` placeholders in a message. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * A component's text in the provider's locale: the translation for the locale's language when
 * the component ships one (`es-US`, `es-MX` and `es` all read `es`), else its English `defaults`;
 * each overridable through the provider's `messages` under `namespace.key` (e.g.
 * `shopProgress.quoting`), with `{name}` placeholders filled in. A translation loads on first
 * use (its own chunk): until then the component suspends, so a Spanish page never shows English.
 *
 * @example
 * const t = useMessages('shopProgress', shopProgressMessages, shopProgressTranslations);
 * t('quoting', { count: 12 });
 */
export function useMessages<K extends string>(
  namespace: string,
  defaults: Readonly<Record<K, string>>,
  translations?: Translations<Readonly<Record<K, string>>>,
): (key: K, values?: MessageValues) => string {
  const { messages, locale } = useInsuranceContext();
  const texts =
    (readTranslation(translations as Translations | undefined, languageOf(locale)) as
      | Readonly<Record<K, string>>
      | undefined) ?? defaults;
  return (key, values) => {
    const template = messages?.[`${namespace}.${key}`] ?? texts[key];
    return values
      ? template.replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        )
      : template;
  };
}
