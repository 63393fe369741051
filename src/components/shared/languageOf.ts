/** The language subtag of a BCP 47 locale, lower-cased: `es-US` → `es`, `EN` → `en`. */
export function languageOf(locale: string): string {
  return locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
}
