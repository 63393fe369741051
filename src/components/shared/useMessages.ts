import { useInsuranceContext } from '../../hooks/index.js';
import { languageOf } from './languageOf.js';

/** Values for `{name}` placeholders in a message. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A component's texts in other languages, by language subtag (`es`), each complete. */
export type MessageTranslations<K extends string> = Readonly<
  Partial<Record<string, Readonly<Record<K, string>>>>
>;

/**
 * A component's text in the provider's locale: the translation for the locale's language when
 * the component ships one (`es-US`, `es-MX` and `es` all read `es`), else its English `defaults`;
 * each overridable through the provider's `messages` under `namespace.key` (e.g.
 * `shopProgress.quoting`), with `{name}` placeholders filled in.
 *
 * @example
 * const t = useMessages('shopProgress', shopProgressMessages, { es: shopProgressMessagesEs });
 * t('quoting', { count: 12 });
 */
export function useMessages<K extends string>(
  namespace: string,
  defaults: Readonly<Record<K, string>>,
  translations?: MessageTranslations<K>,
): (key: K, values?: MessageValues) => string {
  const { messages, locale } = useInsuranceContext();
  const texts = translations?.[languageOf(locale)] ?? defaults;
  return (key, values) => {
    const template = messages?.[`${namespace}.${key}`] ?? texts[key];
    return values
      ? template.replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        )
      : template;
  };
}
