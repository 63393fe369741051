import { useInsuranceContext } from '../../hooks/index.js';

/** Values for `{name}` placeholders in a message. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * A component's text: its `defaults`, each overridable through the provider's `messages` under
 * `namespace.key` (e.g. `shopProgress.quoting`), with `{name}` placeholders filled in.
 *
 * @example
 * const t = useMessages('shopProgress', { quoting: 'Collecting quotes from {count} carriers' });
 * t('quoting', { count: 12 });
 */
export function useMessages<K extends string>(
  namespace: string,
  defaults: Readonly<Record<K, string>>,
): (key: K, values?: MessageValues) => string {
  const { messages } = useInsuranceContext();
  return (key, values) => {
    const template = messages?.[`${namespace}.${key}`] ?? defaults[key];
    return values
      ? template.replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        )
      : template;
  };
}
