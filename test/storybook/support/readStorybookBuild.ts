import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** One entry of a built Storybook's `index.json`: a story or a Docs page. */
export interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  name: string;
  title: string;
  importPath: string;
  tags?: string[];
  /** Of an MDX page: the story files it embeds. */
  storiesImports?: string[];
}

/** A built Storybook on disk: where it is and what its `index.json` lists. */
export interface StorybookBuild {
  dir: string;
  entries: IndexEntry[];
}

/** The built Storybook the tests read: `STORYBOOK_STATIC`, or `storybook-static`. */
export function storybookDir(): string {
  return resolve(process.env.STORYBOOK_STATIC ?? 'storybook-static');
}

/**
 * Reads the built Storybook's `index.json`. Throws, saying how to build one, when there is none:
 * the Docs-page test and the visual regression run against the static build only.
 */
export async function readStorybookBuild(dir = storybookDir()): Promise<StorybookBuild> {
  const text = await readFile(resolve(dir, 'index.json'), 'utf8').catch(() => undefined);
  const index = text === undefined ? undefined : (JSON.parse(text) as { entries?: object });
  if (!index?.entries) {
    throw new Error(
      `No built Storybook in ${dir} (no index.json): run \`npm run build-storybook\` first ` +
        '(or point STORYBOOK_STATIC at a build).',
    );
  }
  return { dir, entries: Object.values(index.entries) as IndexEntry[] };
}

/** Every story of the build, in the index's order. */
export function storiesOf(build: StorybookBuild): IndexEntry[] {
  return build.entries.filter((entry) => entry.type === 'story');
}

/** A component's or a flow's Docs page (`Components/…`, `Flows/…`), or any other autodocs page. */
export function isComponentDocs(entry: IndexEntry): boolean {
  return (
    entry.type === 'docs' &&
    ((entry.id.endsWith('--docs') && /^(Components|Flows)\//.test(entry.title)) ||
      (entry.tags ?? []).includes('autodocs'))
  );
}

/**
 * The stories a component's Docs page shows: those of its title that autodocs lists (a story
 * tagged `!autodocs` is left off the page on purpose).
 */
export function storiesOnDocsPage(build: StorybookBuild, docs: IndexEntry): IndexEntry[] {
  return storiesOf(build).filter(
    (story) => story.title === docs.title && (story.tags ?? []).includes('autodocs'),
  );
}

/** The last part of a title: `Components/QuoteCards` → `QuoteCards`. */
export function componentName(title: string): string {
  return title.split('/').pop() ?? title;
}
