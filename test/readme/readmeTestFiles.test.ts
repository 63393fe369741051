import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PackageEntry } from './packageEntries.js';
import { packageEntries } from './packageEntries.js';
import { readmeCodeBlocks } from './readmeCodeBlocks.js';

// A README block marked `<!-- readme-check: file=PATH -->` is that test file, which the test
// projects run: the same text, but for its imports of src/, which the README writes as the
// package's entry points (`../../src/testing/index.js` is `lender-insurance-react/testing`).

const rootUrl = new URL('../../', import.meta.url);
const root = fileURLToPath(rootUrl);

/** The file as a host would write it: each relative import of an entry point by its name. */
function asPublished(path: string, text: string, entries: PackageEntry[]): string {
  return text.replace(
    /(from\s+|import\s+)'(\.[^']*)'/g,
    (_match, keyword: string, spec: string) => {
      const source = relative(root, join(dirname(join(root, path)), spec)).replace(/\.js$/, '.ts');
      const entry = entries.find((e) => e.source === source);
      if (!entry)
        throw new Error(`${path} imports ${spec}, which is no entry point of the package`);
      return `${keyword}'${entry.specifier}'`;
    },
  );
}

describe('README blocks that are test files', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = readmeCodeBlocks(readme).filter((b) => b.file);
  const entries = packageEntries(rootUrl);

  it('include the testing recipe', () => {
    expect(blocks.map((b) => b.file)).toContain('test/readme/testingRecipe.test.tsx');
  });

  it.each(blocks.map((b) => [b.file as string, b.code]))(
    '%s is written as in the README',
    (file, code) => {
      expect(code).toBe(asPublished(file, readFileSync(join(root, file), 'utf8'), entries));
    },
  );
});
