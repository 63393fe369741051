// react-docgen hands a component's (or a prop's) JSDoc over as written: the text, then its block
// tags. The Docs pages render Markdown (markdown-to-jsx), so the tags become Markdown here.
//
// Links are HTML anchors with `target="_top"`: the Docs page is a frame inside the Storybook
// manager. In the component's description Storybook's anchor handler intercepts the click and
// moves the manager to `?path=…` itself; the props table renders plain anchors, which would load
// the page inside the frame (GitHub refuses to be framed), so the target says "the whole window".
// `./?path=…` resolves against the frame's own address (`<base>/iframe.html`), so a link opened in
// a new tab is right too, wherever the Storybook is hosted.

/** Titles of the Docs pages of the public components and the flow, by export name. */
const DOCS_PAGES: Readonly<Record<string, string>> = {
  CallScheduler: 'Components/CallScheduler',
  LoanApplicationForm: 'Components/LoanApplicationForm',
  PolicyDocuments: 'Components/PolicyDocuments',
  PolicyRetrievalLauncher: 'Components/PolicyRetrievalLauncher',
  QuoteCards: 'Components/QuoteCards',
  ShopProgress: 'Components/ShopProgress',
  TcpaConsentCheckbox: 'Components/TcpaConsentCheckbox',
  InsuranceFlow: 'Flows/InsuranceFlow',
};

const README = 'https://github.com/lender-insurance-react/lender-insurance-react';

/** Every public export is listed there, by entry point. */
const EXPORT_INDEX = 'export-index';

/** The README sections (GitHub heading anchors) that document an export, by section. */
const README_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  'insuranceflow-props': ['InsuranceFlowProps', 'FlowCompletion', 'FlowExit', 'FlowExitReason'],
  'analytics-events-onevent': [
    'InsuranceFlowEvent',
    'InsuranceFlowEventName',
    'INSURANCE_FLOW_EVENT_NAMES',
  ],
  'your-own-ui-on-the-same-steps-useinsuranceflowoptions': ['useInsuranceFlow', 'deriveFlowStep'],
  'insuranceprovider-adapter-queryclient-messages-locale': [
    'InsuranceProvider',
    'useInsuranceContext',
  ],
  'createhttpadapter-baseurl-fetch-headers-csrfheader-timeoutms-credentials-pollintervalms-': [
    'createHttpAdapter',
    'HttpAdapterOptions',
  ],
  'a-custom-adapter': ['InsuranceAdapter'],
  hooks: [
    'useLoan',
    'useCreateLoanApplication',
    'useRecordConsent',
    'useTcpaConsent',
    'useShop',
    'useShoppedLoan',
    'useQuoteDisplay',
    'useSelectQuote',
    'useScheduleCall',
    'useCallMeNow',
    'usePolicy',
    'usePolicyRetrieval',
    'useCloseLoan',
    'useLoanEvents',
    'useLoanPolicies',
    'useLoanCoverage',
  ],
  'prefetching-and-invalidating': [
    'insuranceKeys',
    'insuranceQueries',
    'insuranceMutations',
    'createInsuranceQueryClient',
  ],
  'advisor-hours-and-the-number-to-call': ['AdvisorHours', 'DEFAULT_ADVISOR_HOURS'],
  createserviceclientoptions: ['createServiceClient', 'ServiceClient', 'ServiceClientOptions'],
  createinsurancebffoptions: ['createInsuranceBff', 'InsuranceBff', 'InsuranceBffOptions'],
  'createwebhookhandleroptions-and-verifywebhooksignaturerawbody-signaturehex-secret': [
    'createWebhookHandler',
    'verifyWebhookSignature',
    'WebhookHandlerOptions',
  ],
  'readserviceenvenv-and-configurationerror': ['readServiceEnv', 'ConfigurationError'],
  rundoctoroptions: ['runDoctor'],
  'stores-and-the-relay': ['Store', 'createMemoryStore', 'createEventRelay'],
  'several-instances-createredisstoreoptions': ['createRedisStore'],
  createsandboxserviceoptions: ['createSandboxService'],
  'testing-your-ui-without-a-server-the-mock-bff-and-msw-handlers': [
    'createMockBff',
    'createInsuranceHandlers',
  ],
};

const SECTION_OF = new Map(
  Object.entries(README_SECTIONS).flatMap(([anchor, names]) => names.map((n) => [n, anchor])),
);

const NAMEPATH = /^[A-Za-z_$][\w$]*(?:[.#~][\w$]+)*(?:\(\))?$/;
const URL_TARGET = /^(?:https?:|mailto:)/;

/** A Storybook story id part, as Storybook makes it from a title. */
function storyIdOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Where a link target goes: a URL as it is, a name to its Docs page or its README section. */
function hrefOf(target: string): string {
  if (URL_TARGET.test(target)) return target;
  const name = target.split(/[.#~(]/)[0] ?? target;
  const title = DOCS_PAGES[name];
  if (title) return `./?path=/docs/${storyIdOf(title)}--docs`;
  return `${README}#${SECTION_OF.get(name) ?? EXPORT_INDEX}`;
}

/** One link: a name shows as code unless a label (or `{@linkplain}`) says otherwise. */
function link(target: string, label: string | undefined, kind = 'link'): string {
  const text = label ?? target;
  const code =
    kind === 'linkcode' || (label === undefined && kind === 'link' && !URL_TARGET.test(target));
  const inner = code ? `<code>${escapeHtml(text)}</code>` : escapeHtml(text);
  return `<a href="${hrefOf(target).replace(/"/g, '%22')}" target="_top">${inner}</a>`;
}

/** `Target`, `Target | label` or `Target label`, as `{@link}` takes them. */
function linkParts(body: string): [string, string | undefined] {
  const text = body.trim().replace(/\s+/g, ' ');
  const bar = text.indexOf('|');
  if (bar >= 0) return [text.slice(0, bar).trim(), text.slice(bar + 1).trim() || undefined];
  const space = text.indexOf(' ');
  return space < 0 ? [text, undefined] : [text.slice(0, space), text.slice(space + 1)];
}

const INLINE = /(`+)[\s\S]*?\1|(?:\[([^\]\n]*)\])?\{@(link|linkcode|linkplain)\s+([^}]*)\}/g;

/**
 * markdown-to-jsx reads a block that starts with a tag as an HTML block, so a paragraph opening
 * with a link would lose the link to a line of its own: an invisible zero-width space keeps the
 * paragraph a paragraph.
 */
const BLOCK_START = /(?:^|\n[ \t]*\n)[ \t]*$/;

/** `{@link}` and its kin as links, leaving code spans and fenced blocks as they are. */
function inline(text: string, paragraphs = false): string {
  return text.replace(
    INLINE,
    (
      match,
      fence: string | undefined,
      before: string | undefined,
      kind: string,
      body: string,
      offset: number,
    ) => {
      if (fence) return match;
      const [target, label] = linkParts(body);
      if (!target) return match;
      const opens = paragraphs && BLOCK_START.test(text.slice(0, offset));
      return `${opens ? '\u200b' : ''}${link(target, before || label, kind)}`;
    },
  );
}

/** A `@see` or `@default` target alone (a name or a URL) as a link, anything else as text. */
function reference(text: string): string {
  const value = text.trim().replace(/\s+/g, ' ');
  return NAMEPATH.test(value) || URL_TARGET.test(value) ? link(value, undefined) : inline(value);
}

function dedent(lines: readonly string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)?.[0].length ?? 0);
  const common = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(common));
}

function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]?.trim()) start++;
  while (end > start && !lines[end - 1]?.trim()) end--;
  return lines.slice(start, end);
}

function example(caption: string, content: readonly string[]): string {
  // JSDoc's `<caption>`, or TSDoc's title on the tag's line; a line of markup there is code.
  const captioned = /^<caption>([\s\S]*?)<\/caption>\s*(.*)$/.exec(caption);
  const markup = !captioned && caption.startsWith('<');
  const title = captioned ? captioned[1]?.trim() : markup ? '' : caption.trim();
  const code = captioned ? captioned[2] : markup ? caption : '';
  const lines = dedent(trimBlankLines(code ? [code, ...content] : content));
  if (lines.length === 0) return '';
  const heading = title ? `**Example:** ${inline(title)}` : '**Example**';
  if (/^(```|~~~)/.test(lines[0] ?? '')) return `${heading}\n\n${lines.join('\n')}`;
  const longest = Math.max(2, ...lines.map((l) => /^\s*(`+)/.exec(l)?.[1]?.length ?? 0));
  const fence = '`'.repeat(longest + 1);
  return `${heading}\n\n${fence}tsx\n${lines.join('\n')}\n${fence}`;
}

/** `@param {Type} [name=default] - description` as one list item. */
function param(text: string): string {
  const m = /^(?:\{([^}]*)\}\s*)?(\[[^\]]*\]|\S+)\s*(?:-\s+)?([\s\S]*)$/.exec(text.trim());
  if (!m) return `- ${inline(text)}`;
  const [, type, rawName = '', description = ''] = m;
  const optional = /^\[([^=\]]+)(?:=([^\]]*))?\]$/.exec(rawName);
  const name = optional ? (optional[1] ?? '').trim() : rawName;
  const notes = [type && `\`${type.trim()}\``, optional && 'optional'];
  if (optional?.[2]) notes.push(`default \`${optional[2].trim()}\``);
  const note = notes.filter(Boolean).join(', ');
  const body = inline(description.trim().replace(/\s+/g, ' '));
  return `- \`${name}\`${note ? ` (${note})` : ''}${body ? `: ${body}` : ''}`;
}

/** A tag's text after its `{Type}`: the type dropped (`@returns`) or kept as code (`@throws`). */
function typed(text: string, keepType: boolean): string {
  const m = /^\{([^}]*)\}\s*([\s\S]*)$/.exec(text);
  if (!m) return inline(text);
  const rest = inline(m[2]?.trim() ?? '');
  const type = `\`${m[1]?.trim()}\``;
  if (!rest) return type;
  return keepType ? `${type} ${rest}` : rest;
}

/** `typeParam` → `Type param`. */
function readable(tag: string): string {
  const words = tag.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Tag {
  name: string;
  /** The rest of the tag's first line. */
  first: string;
  /** The lines that follow, up to the next tag. */
  rest: string[];
}

/** The description (before the first tag) and the block tags, outside fenced code. */
function split(text: string): { description: string[]; tags: Tag[] } {
  const description: string[] = [];
  const tags: Tag[] = [];
  let fenced = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const tag = fenced ? null : /^\s*@([A-Za-z][\w-]*)(?:\s+(.*))?$/.exec(line);
    if (tag) {
      tags.push({ name: tag[1] ?? '', first: tag[2] ?? '', rest: [] });
      continue;
    }
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const current = tags.at(-1);
    if (current) current.rest.push(line);
    else description.push(line);
  }
  return { description, tags };
}

function textOf(tag: Tag): string {
  return [tag.first, ...tag.rest].join('\n').trim();
}

/** The Markdown of one block tag other than `@param` and `@see` ('' for none). */
function tagBlock(tag: Tag): string {
  const text = textOf(tag);
  switch (tag.name.toLowerCase()) {
    case 'example':
      return example(tag.first, tag.rest);
    case 'deprecated':
      return text ? `**Deprecated.** ${inline(text)}` : '**Deprecated.**';
    case 'remarks':
      return inline(trimBlankLines(dedent([tag.first, ...tag.rest])).join('\n'), true);
    case 'privateremarks':
      return '';
  }
  if (!text) return `${readable(tag.name)}.`;
  switch (tag.name.toLowerCase()) {
    case 'default':
    case 'defaultvalue':
      return `Default: ${defaultValue(text)}`;
    case 'returns':
    case 'return':
      return `Returns: ${typed(text, false)}`;
    case 'throws':
    case 'throw':
    case 'exception':
      return `Throws: ${typed(text, true)}`;
    default:
      return `${readable(tag.name)}: ${inline(text)}`;
  }
}

const PARAM_TAGS = ['param', 'arg', 'argument'];

/** One block per tag; consecutive `@param`s make one list and consecutive `@see`s one line. */
function blocks(tags: readonly Tag[]): string[] {
  const out: string[] = [];
  let params: string[] = [];
  let sees: string[] = [];
  const flush = (keepParams: boolean, keepSees: boolean) => {
    if (!keepParams && params.length) out.push(`Parameters:\n\n${params.join('\n')}`);
    if (!keepSees && sees.length) out.push(`See also: ${sees.join(', ')}`);
    if (!keepParams) params = [];
    if (!keepSees) sees = [];
  };
  for (const tag of tags) {
    const name = tag.name.toLowerCase();
    const isParam = PARAM_TAGS.includes(name);
    flush(isParam, name === 'see');
    if (isParam) params.push(param(textOf(tag)));
    else if (name === 'see') sees.push(reference(textOf(tag)));
    else out.push(tagBlock(tag));
  }
  flush(false, false);
  return out.filter(Boolean);
}

/** A default value as code (already written as code, it stays as it is). */
function defaultValue(text: string): string {
  if (/^`[^`]*`$/.test(text) || /^(```|~~~)/.test(text)) return text;
  if (text.includes('\n')) return `\n\n\`\`\`tsx\n${text}\n\`\`\``;
  return `\`${text}\``;
}

/**
 * A JSDoc description as react-docgen hands it over (the comment's text, then its block tags)
 * turned into Markdown for Storybook's Docs pages: `@example` as a fenced `tsx` block under an
 * "Example" line, `{@link}` / `{@linkcode}` / `{@linkplain}` and `@see` as links (a component
 * with a Docs page to that page, any other export to the README's section on it, or to its
 * export index, a URL to itself), `@default`, `@deprecated`, `@param`, `@returns` and `@throws`
 * as text, `@remarks` as its text, any other tag as "Tag: text". Text without tags is returned
 * as it is.
 *
 * @example
 * jsdocToMarkdown('Shows quotes, one {@link QuoteCard} each.\n\n@example\n<QuoteCards loanId={id} />');
 * // 'Shows quotes, one <a href="https://github.com/…#export-index" target="_top"><code>QuoteCard</code></a> each.\n\n**Example**\n\n```tsx\n<QuoteCards loanId={id} />\n```'
 */
export function jsdocToMarkdown(text: string): string {
  if (!text.includes('@')) return text;
  const { description, tags } = split(text);
  const lead = trimBlankLines(description).join('\n');
  return [lead && inline(lead, true), ...blocks(tags)].filter(Boolean).join('\n\n');
}
