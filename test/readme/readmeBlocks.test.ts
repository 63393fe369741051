import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageEntries } from './packageEntries.js';
import type { ReadmeCodeBlock } from './readmeCodeBlocks.js';
import { readmeCodeBlocks } from './readmeCodeBlocks.js';

// Every ```ts and ```tsx block of README.md is type-checked as a lender would paste it: one file
// per block, checked in one `tsc` run under the project's compiler options, with the package's
// entry points mapped to src/ (tsconfig `paths`, read from package.json `exports`). The files go
// to test/readme/.blocks/<pid>/ (ignored by git; one folder per run, so runs side by side do not
// meet), which stays when a block fails, so it can be read.
//
// An HTML comment right before a block (invisible on GitHub and npm) says how to check it:
//   <!-- readme-check: fragment -->          not compiled: a signature or an excerpt. Keep rare.
//   <!-- readme-check: name=server-setup --> names the block, so later blocks can build on it.
//   <!-- readme-check: after=server-setup --> compiled after the named block, in the same file
//                                            (so it may use what that block declares).
//   <!-- readme-check: file=PATH -->         the block is that test file, verbatim but for its
//                                            imports of src/, written as the package's entry
//                                            points (checked by readmeTestFiles.test.ts).
//   <!-- readme-check: declare               the lines up to a line `-->` are compiled before
//   declare const bff: InsuranceBff;         the block, hidden from readers: what a block that
//   -->                                      says "as above" takes from an earlier one.
// Several may share a comment: `<!-- readme-check: name=a after=b -->`.
//
// What the README takes from the host application (its sessions, database, GraphQL client,
// Express) is declared once below, in HOST, instead of in every block.

const root = new URL('../../', import.meta.url);
const blocksDir = new URL(`test/readme/.blocks/${process.pid}/`, root);
const CHECKED = new Set(['ts', 'tsx']);

// A script, not a module: its declarations are global, and `declare module` declares a module.
const HOST = `/// <reference types="vite/client" />

/** A signed-in borrower, as the host's session store knows them. */
interface HostSession {
  id: string;
  userId: string;
}
/** The host's session store. */
declare const sessions: { fromCookie(cookie: string | null): Promise<HostSession | null> };
/** The host's own records of who owns which loan and policy. */
declare const db: {
  loanBelongsTo(loanId: string, userId: string): Promise<boolean>;
  policyBelongsTo(policyId: string, userId: string): Promise<boolean>;
  bindLoan(loanId: string, userId: string): Promise<void>;
  bindPolicy(policyId: string, loanId: string): Promise<void>;
  loanNumberOf(userId: string): Promise<string>;
};
/** The host's GraphQL client and event subscription. */
declare function gql(
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ data: any; errors?: Array<{ extensions?: { code?: string } }> }>;
declare function gatewaySubscription(
  loanId: string,
  onEvent: (event: import('lender-insurance-react').LoanEvent) => void,
): () => void;

/** Express, which the library does not depend on: only what the README calls. */
declare module 'express' {
  type Handler = (req: any, res: any, next: (error?: unknown) => void) => unknown;
  interface Express {
    all(path: string, handler: Handler): void;
    post(path: string, handler: Handler): void;
    use(handler: Handler): void;
    listen(port: number, host: string): unknown;
  }
  interface ExpressFactory {
    (): Express;
    json(): Handler;
    static(root: string): Handler;
  }
  const express: ExpressFactory;
  export default express;
}
`;

/** The block's hidden declarations and code, after the blocks it comes after, outermost first. */
function withPreamble(block: ReadmeCodeBlock, named: Map<string, ReadmeCodeBlock>): string {
  const own = `${block.declarations}${block.code}`;
  if (!block.after) return own;
  const before = named.get(block.after);
  if (!before) throw new Error(`README line ${block.line}: no block is named "${block.after}"`);
  return `${withPreamble(before, named)}\n${own}`;
}

async function typecheck(files: Map<string, string>): Promise<string> {
  await rm(blocksDir, { recursive: true, force: true });
  await mkdir(blocksDir, { recursive: true });
  const toRoot = '../../../../';
  const paths = Object.fromEntries(
    packageEntries(root).map((e) => [e.specifier, [`${toRoot}${e.source}`]]),
  );
  const tsconfig = {
    extends: `${toRoot}tsconfig.json`,
    compilerOptions: { paths, noEmit: true },
    include: ['*.ts', '*.tsx'],
  };
  await writeFile(new URL('tsconfig.json', blocksDir), JSON.stringify(tsconfig, null, 2));
  await writeFile(new URL('host.d.ts', blocksDir), HOST);
  for (const [name, code] of files) await writeFile(new URL(name, blocksDir), code);
  try {
    await promisify(execFile)(
      fileURLToPath(new URL('node_modules/.bin/tsc', root)),
      ['-p', fileURLToPath(new URL('tsconfig.json', blocksDir)), '--pretty', 'false'],
      { cwd: fileURLToPath(root) },
    );
    await rm(blocksDir, { recursive: true, force: true });
    return '';
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
  }
}

describe('README code blocks', () => {
  it('every ts and tsx block compiles against the package entry points', async () => {
    const readme = await readFile(new URL('README.md', root), 'utf8');
    const blocks = readmeCodeBlocks(readme).filter((b) => CHECKED.has(b.lang));
    const named = new Map(blocks.filter((b) => b.name).map((b) => [b.name as string, b]));
    const compiled = blocks.filter((b) => !b.fragment);
    const files = new Map(
      compiled.map((b) => [
        `line-${String(b.line).padStart(4, '0')}.${b.lang}`,
        // `export {}` makes every block a module, as a file of a project is.
        `${withPreamble(b, named)}\nexport {};\n`,
      ]),
    );

    const errors = await typecheck(files);

    console.info(
      `README: ${compiled.length} ts/tsx blocks compiled, ${blocks.length - compiled.length} marked fragment`,
    );
    // Each error names its file, line-NNNN.tsx: the README line of the block's opening fence.
    expect(errors).toBe('');
    expect(compiled.length).toBeGreaterThan(0);
    expect(blocks.length - compiled.length).toBeLessThanOrEqual(2);
  }, 60_000);
});
