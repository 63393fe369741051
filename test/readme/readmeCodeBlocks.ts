/** A fenced code block of the README, with the `readme-check` directives written before it. */
export interface ReadmeCodeBlock {
  /** The fence's language (`ts`, `tsx`, `bash`, …); empty when it names none. */
  lang: string;
  /** The block's text, ending with a newline. */
  code: string;
  /** The README line of the opening fence (1-based). */
  line: number;
  /** `<!-- readme-check: fragment -->`: an illustration that is not compiled. */
  fragment: boolean;
  /** `<!-- readme-check: name=NAME -->`: later blocks may be compiled after this one. */
  name?: string;
  /** `<!-- readme-check: after=NAME -->`: compiled after the named block, in the same file. */
  after?: string;
  /** `<!-- readme-check: file=PATH -->`: the block is that file of the repository, verbatim. */
  file?: string;
  /**
   * The lines of a `<!-- readme-check: declare` comment, up to its closing `-->` line: code
   * compiled before the block but hidden from readers (what "as above" stands for).
   */
  declarations: string;
}

const FENCE = /^```([\w-]*)\s*$/;
const DIRECTIVE = /^<!--\s*readme-check:(.*?)(-->)?\s*$/;

/**
 * Every fenced code block of a Markdown text, in order. A `readme-check` comment applies to the
 * block that follows it (blank lines allowed between them).
 */
export function readmeCodeBlocks(markdown: string): ReadmeCodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeCodeBlock[] = [];
  let directives: string[] = [];
  let declarations: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] as string;
    const directive = DIRECTIVE.exec(text);
    if (directive) {
      directives.push(...(directive[1] as string).trim().split(/\s+/));
      // A comment left open on its first line holds hidden code, up to a line `-->`.
      if (!directive[2]) {
        for (i++; i < lines.length && !/^-->\s*$/.test(lines[i] as string); i++) {
          declarations.push(lines[i] as string);
        }
      }
      continue;
    }
    const fence = FENCE.exec(text);
    if (!fence) {
      if (text.trim() !== '') {
        directives = [];
        declarations = [];
      }
      continue;
    }
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i] as string); i++) {
      body.push(lines[i] as string);
    }
    const option = (key: string) =>
      directives.find((d) => d.startsWith(`${key}=`))?.slice(key.length + 1);
    const name = option('name');
    const after = option('after');
    const file = option('file');
    blocks.push({
      lang: fence[1] as string,
      code: `${body.join('\n')}\n`,
      line: start + 1,
      fragment: directives.includes('fragment'),
      ...(name ? { name } : {}),
      ...(after ? { after } : {}),
      ...(file ? { file } : {}),
      declarations: declarations.length > 0 ? `${declarations.join('\n')}\n` : '',
    });
    directives = [];
    declarations = [];
  }
  return blocks;
}
