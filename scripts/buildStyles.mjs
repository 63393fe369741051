// Writes dist/styles.css: the theme (src/styles.css) followed by each component's stylesheet
// (src/components/<Name>/<Name>.css), in name order, then each flow's (src/flows/<Name>/<Name>.css),
// minified. Every rule sits in the `lender-insurance` cascade layer, so host styles win without a
// specificity fight.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Vite's own CSS minifier (a dependency of vite), resolved from vite so it is the one Vite uses.
const { transform } = createRequire(import.meta.resolve('vite'))('lightningcss');

const root = new URL('../', import.meta.url).pathname;
const parts = [await readFile(join(root, 'src/styles.css'), 'utf8')];
// Components first, then the flows built on them (so a flow's rule follows the ones it refines).
for (const layer of ['src/components', 'src/flows']) {
  const dir = join(root, layer);
  for (const name of (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const css = await readFile(join(dir, name, `${name}.css`), 'utf8').catch(() => null);
    if (css) parts.push(`/* ${name} */\n${css}`);
  }
}
// No browser targets: nothing is rewritten for older browsers, only whitespace, comments and
// longhand spellings go. A syntax error fails the build.
const { code } = transform({
  filename: 'styles.css',
  code: Buffer.from(`${parts.join('\n')}\n`),
  minify: true,
});
await mkdir(join(root, 'dist'), { recursive: true });
await writeFile(join(root, 'dist/styles.css'), code);
console.log(
  `dist/styles.css: ${parts.length - 1} component stylesheets, ${code.length} bytes (${gzipSync(code, { level: 9 }).length} gzipped)`,
);
