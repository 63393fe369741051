// Screenshots of each component's main story, taken in Chromium from the BUILT Storybook
// (`npm run build-storybook` first). Writes docs/screenshots/<Name>.png, linked from the README.
//
//   npm run screenshots            CHROMIUM_PATH=/path/to/chromium npm run screenshots
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';
import { HOSTED_PREFIX } from '../src/testing/sandbox/hostedUrl.js';

const root = new URL('../', import.meta.url).pathname;
const staticDir = join(root, 'storybook-static');
const outDir = join(root, 'docs/screenshots');

/** Each component's main story, and what shows that the story reached its state. */
const SHOTS = [
  {
    name: 'TcpaConsentCheckbox',
    story: 'components-tcpaconsentcheckbox--unchecked',
    ready: '.lir-TcpaConsentCheckbox[data-state="unchecked"] input:enabled',
  },
  {
    name: 'ShopProgress',
    story: 'components-shopprogress--quoting',
    ready: '.lir-ShopProgress[data-state="quoting"]',
  },
  {
    name: 'QuoteCards',
    story: 'components-quotecards--selected',
    ready: '.lir-QuoteCards[data-state="selected"]',
  },
  {
    name: 'CallScheduler',
    story: 'components-callscheduler--ready',
    ready: '.lir-CallScheduler[data-state="ready"]',
  },
  {
    name: 'PolicyRetrievalLauncher',
    story: 'components-policyretrievallauncher--open',
    ready: '.lir-PolicyRetrievalLauncher-dialog [data-slot="frame"][data-state="loaded"]',
    // The dialog is fixed to the viewport: picture the page, not the story root.
    page: true,
  },
  {
    name: 'PolicyDocuments',
    story: 'components-policydocuments--documents',
    ready: '.lir-PolicyDocuments[data-state="ready"]',
  },
  {
    name: 'QuoteCards-dark',
    story: 'components-quotecards--selected-dark',
    ready: '.lir-QuoteCards[data-state="selected"]',
  },
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** A static file server for storybook-static/ on 127.0.0.1 and a free port. */
async function serve(dir: string) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      // The MSW worker must be allowed to control the whole origin.
      ...(file.endsWith('mockServiceWorker.js') ? { 'Service-Worker-Allowed': '/' } : {}),
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

const index = JSON.parse(await readFile(join(staticDir, 'index.json'), 'utf8').catch(() => '{}'));
if (!index.entries) {
  console.error('storybook-static/index.json is missing: run `npm run build-storybook` first.');
  process.exit(1);
}
const missing = SHOTS.filter((s) => !index.entries[s.story]);
if (missing.length > 0) {
  console.error(`Stories not in the build: ${missing.map((s) => s.story).join(', ')}`);
  process.exit(1);
}

await mkdir(outDir, { recursive: true });
const { server, origin } = await serve(staticDir);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
let failed = 0;
try {
  const context = await browser.newContext({ viewport: { width: 900, height: 600 } });
  for (const shot of SHOTS) {
    const started = Date.now();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The sandbox's hosted pages (the retrieval frame) are navigations, which the MSW worker
    // never sees: answer them from the story's in-page sandbox, as the worker does for fetches.
    await page.route(`**${HOSTED_PREFIX}**`, async (route) => {
      const request = route.request();
      if (request.resourceType() !== 'document') return route.fallback();
      const answer = await page.evaluate(
        async ({ url, method, headers, body }) => {
          const bff = (globalThis as { __lirStoryBff?: { handler(r: Request): Promise<Response> } })
            .__lirStoryBff;
          if (!bff) return null;
          const response = await bff.handler(
            new Request(url, { method, headers, ...(body === null ? {} : { body }) }),
          );
          return {
            status: response.status,
            headers: Object.fromEntries(response.headers),
            body: await response.text(),
          };
        },
        {
          url: request.url(),
          method: request.method(),
          headers: await request.allHeaders(),
          body: request.postData(),
        },
      );
      if (!answer) return route.fallback();
      return route.fulfill(answer);
    });
    try {
      await page.goto(`${origin}/iframe.html?id=${shot.story}&viewMode=story`);
      await page.locator(shot.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
      // Images (carrier logos) loaded, transitions settled, before the picture. (Not
      // `networkidle`: the loan's event stream stays open.)
      await page.evaluate(() =>
        Promise.all(
          [...document.images].map((img) =>
            img.complete ? null : new Promise((done) => img.addEventListener('loadend', done)),
          ),
        ),
      );
      await page.waitForTimeout(500);
      const file = join(outDir, `${shot.name}.png`);
      if (shot.page) await page.screenshot({ path: file, animations: 'disabled' });
      else await page.locator('#storybook-root').screenshot({ path: file, animations: 'disabled' });
      console.log(`${shot.name}: docs/screenshots/${shot.name}.png (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.error(`${shot.name}: ${error instanceof Error ? error.message : error}`);
      for (const message of errors) console.error(`  page error: ${message}`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
