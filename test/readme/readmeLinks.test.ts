import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { githubSlug } from './githubSlug.js';

// The README is read on GitHub and on the npm registry page. The package ships only what
// package.json `files` names (plus what npm always adds), so a relative link to anything else
// (docs/, demo/, src/, …) is dead on the registry page: those link to the repository instead.

const root = new URL('../../', import.meta.url);
const REPO = 'lender-insurance-react/lender-insurance-react';
const REPO_FILE = new RegExp(
  `^https://(?:github\\.com/${REPO}/(?:blob|tree)|raw\\.githubusercontent\\.com/${REPO})/main/([^?#]*)`,
);
// npm puts these in every tarball, whatever `files` says.
const ALWAYS_PACKED = [/^package\.json$/, /^readme(\.|$)/i, /^licen[cs]e(\.|$)/i];

interface Link {
  url: string;
  image: boolean;
  line: number;
}

/** The lines of a Markdown text, those of fenced code blocks blanked. */
function outsideFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

function linksOf(lines: string[]): Link[] {
  const links: Link[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const m of text.matchAll(/(!?)\[(?:[^\]]|\][^(])*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)) {
      links.push({ url: m[2] as string, image: m[1] === '!', line });
    }
    for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?([^\s>]+)/g)) {
      links.push({ url: m[1] as string, image: false, line });
    }
    for (const m of text.matchAll(/<(a|img)\b[^>]*?\b(?:href|src)\s*=\s*"([^"]+)"/gi)) {
      links.push({ url: m[2] as string, image: (m[1] as string).toLowerCase() === 'img', line });
    }
  });
  return links;
}

function anchorsOf(lines: string[]): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const text of lines) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of text.matchAll(/<a\b[^>]*?\b(?:id|name)\s*=\s*"([^"]+)"/gi)) {
      anchors.add(m[1] as string);
    }
  }
  return anchors;
}

function packed(path: string): boolean {
  const { files = [] } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    files?: string[];
  };
  const clean = path.replace(/^\.\//, '').replace(/\/$/, '');
  return (
    ALWAYS_PACKED.some((p) => p.test(clean)) ||
    files.some(
      (f) => clean === f.replace(/\/$/, '') || clean.startsWith(`${f.replace(/\/$/, '')}/`),
    )
  );
}

/** Why a link of the README does not work where the README is read, or `null`. */
function problem(link: Link, anchors: Set<string>): string | null {
  const { url, image } = link;
  if (url.startsWith('#')) {
    return anchors.has(decodeURIComponent(url.slice(1))) ? null : 'no heading has this anchor';
  }
  const repoFile = REPO_FILE.exec(url);
  if (repoFile) {
    if (image && !url.startsWith('https://raw.githubusercontent.com/')) {
      return 'an image must come from raw.githubusercontent.com to show on npm';
    }
    const path = decodeURIComponent(repoFile[1] as string);
    return existsSync(new URL(path, root)) ? null : `the repository has no ${path}`;
  }
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  const path = url.split(/[?#]/)[0] as string;
  return packed(path) ? null : 'not in the package: link to the repository on GitHub';
}

/** Every link of a Markdown text that would not work, with its line and why. */
function brokenLinks(markdown: string): string[] {
  const lines = outsideFences(markdown);
  const anchors = anchorsOf(lines);
  return linksOf(lines).flatMap((link) => {
    const why = problem(link, anchors);
    return why ? [`line ${link.line}: ${link.url}: ${why}`] : [];
  });
}

describe('README links', () => {
  it('work on the npm registry page and on GitHub', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(linksOf(outsideFences(readme)).length).toBeGreaterThan(5);
    expect(brokenLinks(readme)).toEqual([]);
  });

  it('refuses relative links and images outside the package, and anchors of no heading', () => {
    const sample = [
      '# Title',
      '## Sandbox `reference`',
      'See [the demo](demo/README.md), ![shot](docs/screenshots/QuoteCards.png),',
      `[flags](#sandbox-reference), [nowhere](#no-such-heading), [license](LICENSE),`,
      `[ok](https://github.com/${REPO}/blob/main/demo/README.md),`,
      `![page](https://github.com/${REPO}/blob/main/docs/screenshots/QuoteCards.png),`,
      `[gone](https://github.com/${REPO}/blob/main/docs/missing.md),`,
      '<img src="src/logo.svg">',
      '```md',
      '[in code](src/index.ts)',
      '```',
    ].join('\n');
    expect(brokenLinks(sample)).toEqual([
      'line 3: demo/README.md: not in the package: link to the repository on GitHub',
      'line 3: docs/screenshots/QuoteCards.png: not in the package: link to the repository on GitHub',
      'line 4: #no-such-heading: no heading has this anchor',
      `line 6: https://github.com/${REPO}/blob/main/docs/screenshots/QuoteCards.png: an image must come from raw.githubusercontent.com to show on npm`,
      `line 7: https://github.com/${REPO}/blob/main/docs/missing.md: the repository has no docs/missing.md`,
      'line 8: src/logo.svg: not in the package: link to the repository on GitHub',
    ]);
  });
});
