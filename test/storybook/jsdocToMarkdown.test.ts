import { readdirSync, readFileSync } from 'node:fs';
import type { Documentation } from 'react-docgen';
import { builtinHandlers, builtinResolvers, makeFsImporter, parse } from 'react-docgen';
import { toId } from 'storybook/internal/csf';
import { describe, expect, it } from 'vitest';
import { jsdocToMarkdown } from '../../.storybook/jsdocToMarkdown.js';
import { githubSlug } from '../readme/githubSlug.js';

// The Docs pages render what jsdocToMarkdown makes of the components' JSDoc (react-docgen's
// description, tags included). Read here as a reader of the page would: its links, its code
// blocks, and its text outside them.

const root = new URL('../../', import.meta.url);
const README_URL = 'https://github.com/lender-insurance-react/lender-insurance-react';

/** JSDoc left raw in a page's text (an e-mail address such as name@example.com is not). */
const RAW_JSDOC = /\{@link|(?<![\w.])@(?:example|see|param|returns?|default|deprecated|remarks)\b/;

interface Link {
  text: string;
  href: string;
  target: string | undefined;
  /** The text is set as code. */
  code: boolean;
}

function linksOf(markdown: string): Link[] {
  return [...markdown.matchAll(/<a href="([^"]*)"(?: target="([^"]*)")?>(.*?)<\/a>/g)].map(
    ([, href = '', target, inner = '']) => ({
      text: inner.replace(/<\/?code>/g, '').replace(/&lt;/g, '<'),
      href,
      target,
      code: /^<code>.*<\/code>$/.test(inner),
    }),
  );
}

/** The one link a text makes. */
function linkOf(jsdoc: string): Link {
  const links = linksOf(jsdocToMarkdown(jsdoc));
  expect(links).toHaveLength(1);
  return links[0] as Link;
}

interface CodeBlock {
  lang: string;
  code: string;
}

function codeBlocksOf(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^(`{3,}|~{3,})(\w*)\n([\s\S]*?)\n\1$/gm)].map(
    ([, , lang = '', code = '']) => ({ lang, code }),
  );
}

/** The Markdown outside its fenced code blocks. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})\w*\n[\s\S]*?\n\1$/gm, '');
}

const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The Docs pages of the public components and the flow: each stories file's title and component. */
function docsPages(): { title: string; component: string }[] {
  const exports = publicExports();
  return readdirSync(new URL('stories/', root))
    .filter((f) => f.endsWith('.stories.tsx'))
    .flatMap((f) => {
      const meta = /title: '([^']+)',\s*component: (\w+),/.exec(read(`stories/${f}`));
      const [, title = '', component = ''] = meta ?? [];
      return exports.has(component) ? [{ title, component }] : [];
    });
}

/** The README's lines outside fenced code blocks. */
function readmeProse(): string[] {
  let fenced = false;
  return read('README.md')
    .split('\n')
    .map((line) => {
      if (/^```/.test(line)) fenced = !fenced;
      return fenced || /^```/.test(line) ? '' : line;
    });
}

/** The README's headings and the anchors GitHub gives them. */
function readmeHeadings(): { text: string; anchor: string }[] {
  const seen = new Map<string, number>();
  return readmeProse().flatMap((line) => {
    const text = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (text === undefined) return [];
    const slug = githubSlug(text);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return [{ text, anchor: count === 0 ? slug : `${slug}-${count}` }];
  });
}

/** Every public export, from the README's export index. */
function publicExports(): Set<string> {
  const lines = readmeProse();
  const start = lines.indexOf('## Export index');
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const index = lines.slice(start, end).filter((l) => /^- (Values|Types):/.test(l));
  return new Set(
    index.flatMap((l) => [...l.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1] as string)),
  );
}

/** What react-docgen (as Storybook runs it) hands over for the components and the flow. */
function docgenDescriptions(): { where: string; description: string }[] {
  const files = ['src/components/', 'src/flows/'].flatMap((dir) =>
    readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => `${dir}${f}`),
  );
  return files.flatMap((file) => {
    let docs: Documentation[];
    try {
      docs = parse(read(file), {
        filename: new URL(file, root).pathname,
        resolver: new builtinResolvers.FindExportedDefinitionsResolver(),
        handlers: Object.values(builtinHandlers),
        importer: makeFsImporter(),
      });
    } catch {
      return []; // no component in the file
    }
    return docs.flatMap((doc) => [
      { where: `${file} ${doc.displayName}`, description: doc.description ?? '' },
      ...Object.entries(doc.props ?? {}).map(([prop, info]) => ({
        where: `${file} ${doc.displayName}.${prop}`,
        description: info.description ?? '',
      })),
    ]);
  });
}

describe('jsdocToMarkdown: examples', () => {
  // QuoteCards' description as react-docgen reads it from src/components/QuoteCards/QuoteCards.tsx.
  const quoteCards = [
    "The loan's recommended quotes as one radio group, one {@link QuoteCard} each, their terms",
    'lined up row by row side by side (stacked on a narrow screen). Choosing a quote shows it',
    'selected at once and records it through `useSelectQuote` once the choice settles (one',
    'request per choice, none for the quote already recorded); a refused one rolls back.',
    '`data-state` on the root: `loading`, `waiting` (not rated yet), `unavailable` (quoting failed or',
    'the application is closed), `empty`, `errored`,',
    '`rateLimited` (choices disabled until the wait is over), `ready` or `selected`.',
    '',
    'Styled by `lender-insurance-react/styles.css`: without it, a development build warns once per',
    'page. A host that styles it entirely itself says so with `:root { --lir-styles: custom; }`.',
    '',
    '@example',
    '<InsuranceProvider adapter={adapter}>',
    `  <QuoteCards loanId={loanId} onSelect={(quoteId) => navigate(\`/insurance/\${quoteId}\`)} />`,
    '</InsuranceProvider>',
  ].join('\n');

  it('shows an example as a tsx code block under an "Example" line, its indentation kept', () => {
    const markdown = jsdocToMarkdown(quoteCards);

    expect(codeBlocksOf(markdown)).toEqual([
      {
        lang: 'tsx',
        code: [
          '<InsuranceProvider adapter={adapter}>',
          `  <QuoteCards loanId={loanId} onSelect={(quoteId) => navigate(\`/insurance/\${quoteId}\`)} />`,
          '</InsuranceProvider>',
        ].join('\n'),
      },
    ]);
    expect(proseOf(markdown)).toMatch(/\n\n\*\*Example\*\*\n\n$/);
    expect(proseOf(markdown)).not.toMatch(RAW_JSDOC);
  });

  it('keeps the text before the tags as written, apart from its links', () => {
    const markdown = jsdocToMarkdown(quoteCards);
    const [text] = quoteCards.split('\n\n@example');

    expect(
      markdown.replace(/<a [^>]*><code>QuoteCard<\/code><\/a>/, '{@link QuoteCard}'),
    ).toContain(text);
  });

  it('leaves a description without tags as it is', () => {
    // QuoteCardsProps.showHostedDisplayLink
    const prop =
      'Show a "See all quotes" link to the service\'s hosted display (when its URL is safe). Default `true`.';

    expect(jsdocToMarkdown(prop)).toBe(prop);
    expect(jsdocToMarkdown('')).toBe('');
  });

  it('titles an example with the caption on its line, or in <caption>', () => {
    expect(
      jsdocToMarkdown('@example Shopping on mount\nuseShop(loanId, { autoStart: true });'),
    ).toBe('**Example:** Shopping on mount\n\n```tsx\nuseShop(loanId, { autoStart: true });\n```');
    expect(jsdocToMarkdown('@example <caption>Two cards</caption>\n<QuoteCard quote={q} />')).toBe(
      '**Example:** Two cards\n\n```tsx\n<QuoteCard quote={q} />\n```',
    );
  });

  it('reads markup on the tag line as the example, not as its caption', () => {
    expect(jsdocToMarkdown('@example <PolicyDocuments policyId={policyId} />')).toBe(
      '**Example**\n\n```tsx\n<PolicyDocuments policyId={policyId} />\n```',
    );
  });

  it('keeps an example already fenced as it is, in its language', () => {
    const markdown = jsdocToMarkdown(
      'Reads.\n\n@example\n```ts\nconst hours = readAdvisorHours(env);\n```',
    );

    expect(codeBlocksOf(markdown)).toEqual([
      { lang: 'ts', code: 'const hours = readAdvisorHours(env);' },
    ]);
  });

  it('fences an example that holds a fence with a longer fence', () => {
    const markdown = jsdocToMarkdown('@example\nconst md = `\n```ts\nx\n```\n`;');

    expect(markdown).toBe('**Example**\n\n````tsx\nconst md = `\n```ts\nx\n```\n`;\n````');
  });

  it('shows each of several examples in its own block, without the comment indentation', () => {
    const markdown = jsdocToMarkdown(
      '@example\n    formatPhone("5125550134");\n@example\n    phoneDigits("(512) 555-0134");\n      // "5125550134"',
    );

    expect(codeBlocksOf(markdown)).toEqual([
      { lang: 'tsx', code: 'formatPhone("5125550134");' },
      { lang: 'tsx', code: 'phoneDigits("(512) 555-0134");\n  // "5125550134"' },
    ]);
  });

  it('drops an empty example', () => {
    expect(jsdocToMarkdown('Text.\n@example\n')).toBe('Text.');
  });
});

describe('jsdocToMarkdown: links', () => {
  it('links a component or the flow to its Docs page, in the whole window', () => {
    expect(linkOf('Built from {@link QuoteCards}.')).toEqual({
      text: 'QuoteCards',
      href: './?path=/docs/components-quotecards--docs',
      target: '_top',
      code: true,
    });
    expect(linkOf('{@link InsuranceFlow}').href).toBe('./?path=/docs/flows-insuranceflow--docs');
  });

  it('links every public component that has a stories file to its Docs page', () => {
    const pages = docsPages();

    expect(pages.map((p) => p.component)).toContain('PolicyRetrievalLauncher');
    for (const { title, component } of pages) {
      expect(linkOf(`{@link ${component}}`).href, component).toBe(
        `./?path=/docs/${toId(title, 'docs')}`,
      );
    }
  });

  it('links any other export to the README section on it, as code', () => {
    expect(linkOf('{@link useShop}')).toEqual({
      text: 'useShop',
      href: `${README_URL}#hooks`,
      target: '_top',
      code: true,
    });
    expect(linkOf('{@link createServiceClient}').href).toBe(
      `${README_URL}#createserviceclientoptions`,
    );
    expect(linkOf('{@link QuoteCard}').href).toBe(`${README_URL}#export-index`);
  });

  it('links a name the README heads a section with to that section', () => {
    const exports = publicExports();
    const pages = new Set(docsPages().map((p) => p.component));
    const headed = readmeHeadings().flatMap(({ text, anchor }) =>
      [...text.matchAll(/`<?([A-Za-z_$][\w$]*)/g)]
        .map((m) => m[1] as string)
        .filter((name) => exports.has(name) && !pages.has(name))
        .map((name) => ({ name, anchor })),
    );

    expect(headed.map((h) => h.name)).toContain('runDoctor');
    for (const { name, anchor } of headed) {
      expect(linkOf(`{@link ${name}}`).href, name).toBe(`${README_URL}#${anchor}`);
    }
  });

  it('links every public export to a Docs page or to a README heading that exists', () => {
    const anchors = new Set(readmeHeadings().map((h) => h.anchor));
    const pages = new Set(docsPages().map((p) => `./?path=/docs/${toId(p.title, 'docs')}`));
    const exports = [...publicExports()];

    expect(exports.length).toBeGreaterThan(300);
    for (const name of exports) {
      const { href } = linkOf(`{@link ${name}}`);
      const ok =
        pages.has(href) ||
        (href.startsWith(`${README_URL}#`) && anchors.has(href.split('#')[1] as string));
      expect(ok, `${name}: ${href}`).toBe(true);
    }
  });

  it('links a member through its owner, showing the whole name', () => {
    expect(linkOf('{@link Store.subscribe}')).toMatchObject({
      text: 'Store.subscribe',
      href: `${README_URL}#stores-and-the-relay`,
    });
    expect(linkOf('{@link PolicyRetrievalLauncherProps.onExit}').href).toBe(
      `${README_URL}#export-index`,
    );
  });

  it("shows a label as text: `| label`, a space, or JSDoc's [label] before the tag", () => {
    for (const jsdoc of [
      '{@link useSelectQuote | the selection hook}',
      '{@link useSelectQuote the selection hook}',
      '[the selection hook]{@link useSelectQuote}',
    ]) {
      expect(linkOf(jsdoc), jsdoc).toEqual({
        text: 'the selection hook',
        href: `${README_URL}#hooks`,
        target: '_top',
        code: false,
      });
    }
  });

  it('sets {@linkcode} as code and {@linkplain} as text', () => {
    expect(linkOf('{@linkcode ShopProgress | the progress}')).toMatchObject({
      text: 'the progress',
      code: true,
    });
    expect(linkOf('{@linkplain ShopProgress}')).toMatchObject({
      text: 'ShopProgress',
      code: false,
    });
  });

  it('links a URL to itself', () => {
    expect(
      linkOf('See {@link https://www.fcc.gov/general/telemarketing-and-robocalls | the FCC}.'),
    ).toEqual({
      text: 'the FCC',
      href: 'https://www.fcc.gov/general/telemarketing-and-robocalls',
      target: '_top',
      code: false,
    });
    expect(linkOf('{@link https://example.com/spec}')).toMatchObject({
      text: 'https://example.com/spec',
      href: 'https://example.com/spec',
    });
  });

  it('reads a link broken over two lines', () => {
    expect(linkOf('Uses {@link useQuoteDisplay |\nthe display hook}.')).toMatchObject({
      text: 'the display hook',
      href: `${README_URL}#hooks`,
    });
  });

  it('leaves {@link} inside code as written', () => {
    const jsdoc = 'Write `{@link QuoteCards}` in a comment to link it.';

    expect(jsdocToMarkdown(jsdoc)).toBe(jsdoc);
  });

  it('keeps a link that opens a paragraph inside the paragraph', () => {
    const markdown = jsdocToMarkdown('{@link useInsuranceFlow} is its headless twin.');

    // A block that starts with a tag is an HTML block to markdown-to-jsx: text goes first.
    expect(markdown).toMatch(/^\u200b<a /);
    expect(markdown.replace('\u200b', '')).toBe(
      `<a href="${README_URL}#your-own-ui-on-the-same-steps-useinsuranceflowoptions" target="_top"><code>useInsuranceFlow</code></a> is its headless twin.`,
    );
    expect(jsdocToMarkdown('One {@link QuoteCard}\n{@link QuoteCard} each.')).not.toContain(
      '\u200b',
    );
  });
});

describe('jsdocToMarkdown: tags', () => {
  it('shows @see as "See also", a name or a URL as a link', () => {
    const markdown = jsdocToMarkdown(
      'Reads the env.\n@see readServiceEnv\n@see https://example.com/settings\n@see the README',
    );

    expect(proseOf(markdown)).not.toMatch(RAW_JSDOC);
    expect(markdown).toMatch(/\n\nSee also: <a [^>]*>.*<\/a>, <a [^>]*>.*<\/a>, the README$/);
    expect(linksOf(markdown).map((l) => [l.text, l.href])).toEqual([
      ['readServiceEnv', `${README_URL}#readserviceenvenv-and-configurationerror`],
      ['https://example.com/settings', 'https://example.com/settings'],
    ]);
    expect(linksOf(jsdocToMarkdown('@see {@link ShopProgress | progress}'))[0]?.text).toBe(
      'progress',
    );
  });

  it('shows @default as "Default:" with the value as code', () => {
    expect(jsdocToMarkdown('How long to wait.\n@default 1000')).toBe(
      'How long to wait.\n\nDefault: `1000`',
    );
    expect(jsdocToMarkdown('@defaultValue `DEFAULT_ADVISOR_HOURS`')).toBe(
      'Default: `DEFAULT_ADVISOR_HOURS`',
    );
  });

  it('marks @deprecated in bold, with its message and links', () => {
    expect(jsdocToMarkdown('@deprecated')).toBe('**Deprecated.**');
    const markdown = jsdocToMarkdown('Hours of the day.\n@deprecated Use `advisorHours` instead.');

    expect(markdown).toBe('Hours of the day.\n\n**Deprecated.** Use `advisorHours` instead.');
  });

  it('lists @param as a bullet list, with types, optional names and defaults', () => {
    const markdown = jsdocToMarkdown(
      [
        'The slots a borrower can book.',
        '@param now - The current time.',
        '@param {AdvisorHours} hours When advisors take calls,',
        '  in their own zone.',
        '@param [options.days=7] How many days ahead.',
        '@returns {CallDay[]} One entry per day.',
      ].join('\n'),
    );

    expect(markdown).toBe(
      [
        'The slots a borrower can book.',
        '',
        'Parameters:',
        '',
        '- `now`: The current time.',
        '- `hours` (`AdvisorHours`): When advisors take calls, in their own zone.',
        '- `options.days` (optional, default `7`): How many days ahead.',
        '',
        'Returns: One entry per day.',
      ].join('\n'),
    );
  });

  it('shows @returns and @throws as text, a lone type as code', () => {
    expect(jsdocToMarkdown('@returns {string}')).toBe('Returns: `string`');
    expect(jsdocToMarkdown('@throws {InsuranceError} when a field is unknown')).toBe(
      'Throws: `InsuranceError` when a field is unknown',
    );
  });

  it('keeps the text of @remarks and drops @privateRemarks', () => {
    expect(
      jsdocToMarkdown(
        'Summary.\n@remarks\nThe longer story,\nin two lines.\n@privateRemarks Not for readers.',
      ),
    ).toBe('Summary.\n\nThe longer story,\nin two lines.');
  });

  it('keeps any other tag readable', () => {
    expect(jsdocToMarkdown('@since 1.2')).toBe('Since: 1.2');
    expect(jsdocToMarkdown('@beta')).toBe('Beta.');
    expect(jsdocToMarkdown('@typeParam T the props, see {@link QuoteCardsProps}')).toBe(
      `Type param: T the props, see <a href="${README_URL}#export-index" target="_top"><code>QuoteCardsProps</code></a>`,
    );
  });

  it('takes a tag only at the start of a line, outside fenced code', () => {
    const jsdoc = 'Mail name@example.com.\n\n```ts\n@decorated\nclass A {}\n```';

    expect(jsdocToMarkdown(jsdoc)).toBe(jsdoc);
  });

  it('reads Windows line ends', () => {
    expect(jsdocToMarkdown('Text.\r\n@example\r\n<ShopProgress loanId={id} />')).toBe(
      'Text.\n\n**Example**\n\n```tsx\n<ShopProgress loanId={id} />\n```',
    );
  });
});

describe('jsdocToMarkdown: the JSDoc of the components and the flow', () => {
  const described = docgenDescriptions();

  it('leaves no raw JSDoc outside code blocks on any Docs page', () => {
    expect(described.length).toBeGreaterThan(50);
    for (const { where, description } of described) {
      expect(proseOf(jsdocToMarkdown(description)), where).not.toMatch(RAW_JSDOC);
    }
  });

  it('shows every example as a tsx code block', () => {
    const withExamples = described.filter((d) => /^@example/m.test(d.description));

    expect(withExamples.length).toBeGreaterThanOrEqual(docsPages().length);
    for (const { where, description } of withExamples) {
      const examples = description.match(/^@example/gm)?.length;
      expect(
        codeBlocksOf(jsdocToMarkdown(description)).filter((b) => b.lang === 'tsx'),
        where,
      ).toHaveLength(examples ?? 0);
    }
  });

  it('turns every {@link} into a link that opens in the whole window', () => {
    const withLinks = described.filter((d) => d.description.includes('{@link'));

    expect(withLinks.map((d) => d.where)).toContain(
      'src/flows/InsuranceFlow/InsuranceFlow.tsx InsuranceFlow',
    );
    for (const { where, description } of withLinks) {
      const links = linksOf(jsdocToMarkdown(description));
      expect(links.length, where).toBe(description.match(/\{@link/g)?.length);
      for (const l of links) expect(l.target, where).toBe('_top');
    }
  });
});
