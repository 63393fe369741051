// npx tsx test/bench/portal.ts: what the demo portal costs a browser, `npm start` (the production
// build) against `npm run dev` (Vite's dev server) in the same run: JavaScript bytes (over the
// wire and decoded), requests, and the time to the first paint of the shell, in headless
// Chromium. Each server is started once; the page is loaded once to warm it (Vite transforms
// on first request, the production build is made or reused at start) and then RUNS times, each in
// a fresh browser context (no HTTP cache, a new session); medians are reported.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium.js';
import { spawnLogged } from '../support/spawnLogged.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Load {
  requests: number;
  jsRequests: number;
  jsWireBytes: number;
  jsBytes: number;
  /** First contentful paint: index.html's body is empty until the shell renders. */
  firstPaintMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(script: 'start' | 'dev') {
  const server = spawnLogged('npm', ['run', script], {
    env: { ...process.env, PORT: '0', DEMO_SESSIONS_PER_ADDRESS: '1000' },
    detached: true,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const [, origin] = await server.waitForOutput(
      /Borrower portal demo: (http:\/\/127\.0\.0\.1:\d+)\//,
      180_000,
    );
    const portalLine = (await server.waitForOutput(/^\s+portal\s+(.+)$/m))[1] ?? '';
    const load = async (): Promise<Load> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const responses: Array<Promise<{ js: boolean; wire: number; bytes: number }>> = [];
      page.on('requestfinished', (request) => {
        responses.push(
          (async () => {
            const response = await request.response();
            const type = response?.headers()['content-type'] ?? '';
            const js = type.includes('javascript');
            const sizes = await request.sizes();
            const bytes = js ? ((await response?.body())?.length ?? 0) : 0;
            return { js, wire: sizes.responseBodySize, bytes };
          })(),
        );
      });
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      await page.locator('.demo-brand').waitFor();
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return { paint: paint?.startTime ?? Number.NaN };
      });
      const all = await Promise.all(responses);
      await context.close();
      const js = all.filter((r) => r.js);
      return {
        requests: all.length,
        jsRequests: js.length,
        jsWireBytes: js.reduce((s, r) => s + r.wire, 0),
        jsBytes: js.reduce((s, r) => s + r.bytes, 0),
        firstPaintMs: timing.paint,
      };
    };
    await load(); // warm-up
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await load());
    const pick = (key: keyof Load) => median(loads.map((l) => l[key]));
    return {
      script: `npm ${script === 'start' ? 'start' : 'run dev'}`,
      portal: portalLine.trim(),
      requests: pick('requests'),
      jsRequests: pick('jsRequests'),
      jsWireKB: Math.round(pick('jsWireBytes') / 102.4) / 10,
      jsKB: Math.round(pick('jsBytes') / 102.4) / 10,
      firstContentfulPaintMs: Math.round(pick('firstPaintMs')),
    };
  } finally {
    await browser.close();
    if (server.child.pid && server.child.exitCode === null) {
      process.kill(-server.child.pid, 'SIGTERM');
      await server.exited;
    }
  }
}

const start = await measure('start');
const dev = await measure('dev');
console.log(`The demo portal in headless Chromium, median of ${RUNS} loads in fresh contexts:\n`);
console.table({ 'npm start': start, 'npm run dev': dev });
const ratio = (a: number, b: number) => `${(a / b).toFixed(3)}x`;
console.log(
  `npm start / npm run dev: JS over the wire ${ratio(start.jsWireKB, dev.jsWireKB)}, JS decoded ${ratio(start.jsKB, dev.jsKB)}, requests ${ratio(start.requests, dev.requests)}, first contentful paint ${ratio(start.firstContentfulPaintMs, dev.firstContentfulPaintMs)}`,
);
