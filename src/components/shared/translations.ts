/** A catalog's texts by key. */
type Catalog = Readonly<Record<string, string>>;

/** Loads one translation of a catalog (a dynamic import: its own chunk, fetched on first use). */
export type TranslationLoader<C extends Catalog = Catalog> = () => Promise<C>;

/** A catalog's translations by language subtag (`es`), each loaded when first needed. */
export type Translations<C extends Catalog = Catalog> = Readonly<
  Partial<Record<string, TranslationLoader<C>>>
>;

interface Entry {
  promise: Promise<void>;
  value?: Catalog;
  failed?: boolean;
}

const entries = new Map<TranslationLoader, Entry>();
// Every catalog's translations whose component is in the page's code, and the languages asked
// for so far: a catalog registered later (a lazily loaded part) starts loading at once.
const known: Translations[] = [];
const languages = new Set<string>();

function start(load: TranslationLoader | undefined): Entry | undefined {
  if (!load) return undefined;
  let entry = entries.get(load);
  if (!entry) {
    const created: Entry = {
      promise: load().then(
        (value) => {
          created.value = value;
        },
        () => {
          // Its chunk could not be fetched (offline): the English texts stand in.
          created.failed = true;
        },
      ),
    };
    entries.set(load, created);
    entry = created;
  }
  return entry;
}

/**
 * Registers a catalog's translations, so that the first component to need a language loads
 * that language's texts of every registered catalog at once, in parallel, rather than one
 * component after the other.
 *
 * @example
 * export const shopProgressTranslations = translations({
 *   es: () => import('./shopProgressMessagesEs.js').then((m) => m.shopProgressMessagesEs),
 * });
 */
export function translations<T extends Translations>(loaders: T): T {
  known.push(loaders);
  for (const language of languages) start(loaders[language]);
  return loaders;
}

/**
 * The translation of a catalog into `language`, once loaded; `undefined` where the catalog has
 * none (English) or its chunk failed to load. While it loads, the component suspends (React
 * Suspense): the page shows it first in its language, never in English for a moment.
 */
export function readTranslation(
  loaders: Translations | undefined,
  language: string,
): Catalog | undefined {
  const entry = start(loaders?.[language]);
  if (!entry || entry.failed) return undefined;
  if (entry.value) return entry.value;
  if (!languages.has(language)) {
    languages.add(language);
    for (const other of known) start(other[language]);
  }
  throw entry.promise;
}
