// Example apps test: do the apps in examples/ work when they install the packed tarball?
//
// `npm run test:examples` (after `npm run build`). It:
//   1. packs the package (`npm pack`) once;
//   2. for each example (examples/next-app-router on React 19, examples/vite-express-react18 on
//      React 18): copies it to a temp folder, points its `lender-insurance-react` dependency at
//      the tarball and installs it (`npm install`, the exact pins of its package.json);
//   3. type-checks it (`npm run typecheck`) and builds it (`npm run build`) with none of the
//      service's variables set, failing on any build warning;
//   4. starts it without settings once (it must refuse to serve the BFF, saying which setting is
//      missing), then starts the `lender-insurance-sandbox` bin on a free port of 127.0.0.1 and
//      the app (`npm start`) against it, as a lender tries the real set-up;
//   5. walks one borrower flow through InsuranceFlow in Debian's Chromium (playwright-core; never
//      a downloaded browser): apply (the prefilled form), "I need insurance", consent to shop,
//      quotes, choose one, TCPA consent (the call scheduler is offered); the retrieval step's
//      launcher is rendered and left closed. No page error, no console error, no request from
//      the browser to the service's API, the client secret nowhere in browser traffic, and the
//      loan's events arrive over server-sent events (no fallback to polling).
// Each check prints `ok: …`; the first failure prints why (with the app's and the sandbox's
// output) and exits with code 1. Timings are printed per step. The temp folder is removed at the
// end unless KEEP_EXAMPLES=1; EXAMPLES=next or EXAMPLES=vite runs one of them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import {
  CheckFailure,
  check,
  childEnv,
  PKG,
  printFailure,
  printTimings,
  ROOT,
  run,
  step,
  writeJson,
} from './support/scriptSteps.mjs';

const KEEP = process.env.KEEP_EXAMPLES === '1';
const ARTIFACTS = join(ROOT, 'e2e-artifacts');

/** Quoting takes this long in the sandbox: the real service's 30-45 s would only slow the run. */
const QUOTE_DELAY_MS = 1500;
const WAIT_MS = 30_000;
/** The service's settings: none of them may be needed to build. */
const SERVICE_VARIABLE = /^(SERVICE_|WEBHOOK_)/;

const EXAMPLES = [
  {
    key: 'next',
    dir: 'next-app-router',
    title: 'Next.js App Router, React 19',
    react: '19.3.1',
    // Where the app says the BFF cannot be made: a 500 at request time, not a failed build.
    refusal: 'request',
    // A page that imports the root entry without the retrieval launcher, walked after the flow,
    // and back to the flow, which resumes from the loan id in the URL.
    secondPage: true,
    startArgs: (port) => ['start', '--', '--hostname', '127.0.0.1', '--port', String(port)],
  },
  {
    key: 'vite',
    dir: 'vite-express-react18',
    title: 'Vite + Express, React 18',
    react: '18.3.1',
    // A long-running server reads its settings when it starts, and refuses to start without.
    refusal: 'startup',
    secondPage: false,
    startArgs: () => ['start'],
  },
];

// ---------------------------------------------------------------- helpers

let failed = false;

// Child processes also run without any of the service's settings (the builds must not need them)
// and without telemetry (no network here).
for (const key of Object.keys(childEnv)) if (SERVICE_VARIABLE.test(key)) delete childEnv[key];
childEnv.NEXT_TELEMETRY_DISABLED = '1';
delete childEnv.NODE_ENV;

/** Processes started by this script, stopped at the end whatever happens. */
const started = new Set();

/**
 * Starts a long-running process in its own process group (so `npm start` and what it starts
 * stop together) and collects what it prints.
 */
function startProcess(name, command, args, { cwd, env }) {
  console.log(`$ ${command} ${args.join(' ')}   (${name}, in ${cwd})`);
  const child = spawn(command, args, {
    cwd,
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  exited.then(() => {
    ended = true;
    started.delete(proc);
  });
  const proc = {
    name,
    output: () => out,
    exited,
    get ended() {
      return ended;
    },
    async waitForOutput(pattern, ms = WAIT_MS) {
      const deadline = Date.now() + ms;
      for (;;) {
        const match = pattern.exec(out);
        if (match) return match;
        if (ended) throw new CheckFailure(`${name} exited before printing ${pattern}:\n${out}`);
        if (Date.now() > deadline)
          throw new CheckFailure(`${name}: timed out waiting for ${pattern} in:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (ended) return exited;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  started.add(proc);
  return proc;
}

/** A port nothing listens on right now (the app's, known before it starts for the webhooks). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers (any status), or fails when `proc` ends or time runs out. */
async function waitForHttp(url, proc, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(url, { headers: { accept: 'text/html' } });
      await response.arrayBuffer();
      return response;
    } catch {
      if (proc.ended) throw new CheckFailure(`${proc.name} exited:\n${proc.output()}`);
      if (Date.now() > deadline)
        throw new CheckFailure(`${proc.name} did not answer ${url}:\n${proc.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Notices about the machine running the build, not about the app or the library: Next.js
 * prints this one whenever `CI` is set and `.next/cache` is empty, which a fresh copy always is.
 */
const HOST_NOTICES = [/No build cache found\. Please configure build caching/];

/** Build output lines that warn (Next.js marks them ⚠; Vite and Rollup say warn or (!)). */
const warnings = (output) =>
  output
    .split('\n')
    .filter((line) =>
      /⚠|\bwarn(ing)?\b|\(!\)|not exported|doesn't exist in target module/i.test(line),
    )
    .filter((line) => !HOST_NOTICES.some((notice) => notice.test(line)));

// ---------------------------------------------------------------- the borrower flow

/**
 * Walks one borrower flow on `origin` in a fresh browser context, watching everything the page
 * does. Returns what it saw; throws (CheckFailure) on the first thing that is wrong.
 */
async function walkFlow(
  browser,
  { origin, serviceOrigin, assetOrigin, secret, example, shotPrefix },
) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1000 } });
  context.setDefaultTimeout(WAIT_MS);
  const problems = [];
  const requests = [];
  const eventStreams = [];
  context.on('request', (request) => {
    requests.push(request);
  });
  context.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (new URL(response.url()).pathname.endsWith('/events') && type.includes('text/event-stream'))
      eventStreams.push(response.url());
  });
  const page = await context.newPage();
  // A page error (a blank page, typically) ends the walk at once instead of at the next wait.
  let reportPageError;
  const pageError = new Promise((_, reject) => {
    reportPageError = reject;
  });
  pageError.catch(() => undefined);
  const until = (promise) => Promise.race([promise, pageError]);
  page.on('pageerror', (error) => {
    problems.push(`page error: ${error.message}`);
    reportPageError(new CheckFailure(`page error: ${error.message}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  const shot = (name) =>
    page.screenshot({ path: join(ARTIFACTS, `${shotPrefix}-${name}.png`), fullPage: true });
  const expectNoProblems = (when) =>
    check(problems.length === 0, `no page or console error ${when}`, problems.join('\n'));

  try {
    await until(page.goto(origin));
    await until(page.getByRole('heading', { level: 1 }).waitFor());
    await expectNoProblems('on load');

    const flow = (step) => until(page.locator(`.lir-InsuranceFlow[data-state=${step}]`).waitFor());
    // The application form, filled in with what the lender knows (the loan number locked).
    await flow('application');
    await until(page.getByRole('button', { name: 'Submit application' }).click());
    await flow('choose');
    check(true, 'InsuranceFlow: the application form created the application through the BFF');

    await until(page.getByRole('button', { name: /^I need insurance/ }).click());
    await flow('consent');
    const consentedAt = performance.now();
    await until(
      page.getByRole('checkbox', { name: 'I agree to the insurance shopping terms.' }).check(),
    );
    await until(page.getByRole('button', { name: 'Agree and get quotes' }).click());
    await until(page.locator('.lir-ShopProgress[data-state=rated]').waitFor());
    await flow('quotes');
    await until(page.locator('.lir-QuoteCards[data-state=ready]').waitFor());
    const quotes = await page.getByRole('radio').count();
    const quotingSeconds = (performance.now() - consentedAt) / 1000;
    check(
      quotes > 0,
      // The loan is never polled: only the loan.shopped webhook, relayed to the page, rates it.
      `"I need insurance", consent, then ShopProgress rated (the loan.shopped webhook reached the page) and QuoteCards ready with ${quotes} quotes, ${quotingSeconds.toFixed(1)} s after consenting (sandbox quoting: ${QUOTE_DELAY_MS / 1000} s)`,
    );
    await shot('quotes');

    // As a borrower does: a click on the card's header (the label around its radio).
    await until(
      page.locator('.lir-QuoteCards [data-slot=card] [data-slot=header]').first().click(),
    );
    await until(page.locator('.lir-QuoteCards[data-state=selected]').waitFor());
    await until(page.getByText(/^You picked .+\. An advisor can finish/).waitFor());
    check(
      await page.getByRole('radio').first().isChecked(),
      'choosing a quote: its radio checked, QuoteCards data-state=selected, and the advisor names it',
    );

    // TCPA consent through the library's component. Clicked, not `check()`ed: the box shows
    // the consent once it is recorded, which `check()` would not wait for.
    await until(
      page.getByRole('checkbox', { name: 'I agree to be contacted about home insurance' }).click(),
    );
    await until(page.locator('.lir-TcpaConsentCheckbox[data-state=recorded]').waitFor());
    await until(page.locator('.lir-CallScheduler').waitFor());
    check(true, 'TcpaConsentCheckbox: data-state=recorded, and the CallScheduler is offered');
    await shot('advisor');

    // The retrieval launcher renders (its own step), left closed; "Back" returns to the quotes.
    await until(page.getByRole('button', { name: 'I already have a policy', exact: true }).click());
    await flow('retrieval');
    await until(page.locator('.lir-PolicyRetrievalLauncher[data-state=idle]').waitFor());
    await until(page.getByRole('button', { name: 'Share my current policy' }).waitFor());
    await until(page.getByRole('button', { name: 'Back' }).click());
    await flow('quotes');
    check(
      true,
      'PolicyRetrievalLauncher renders (data-state=idle), left closed; "Back" to the quotes',
    );

    if (example.secondPage) {
      await until(page.getByRole('link', { name: 'See your quotes again later' }).click());
      await until(page.waitForURL(/\/quotes\/[\w-]+$/));
      await until(page.locator('.lir-QuoteCards[data-state=selected]').waitFor());
      await until(page.getByText(/^Your choice: /).waitFor());
      check(true, 'the page without the retrieval launcher (/quotes/[loanId]) shows the choice');
      await until(page.getByRole('link', { name: 'Back to your application' }).click());
      await until(page.waitForURL(/\/\?loan=[\w-]+$/));
      await flow('quotes');
      await until(page.locator('.lir-QuoteCards[data-state=selected]').waitFor());
      check(
        true,
        'back on the Server Component page, the flow resumes the application at its quotes',
      );
    }

    await expectNoProblems('during the flow');
    const fromBrowser = requests.map((r) => new URL(r.url()));
    // The quote cards show carrier logos from the service's asset origin (another origin, as its
    // CDN is): nothing of the service's own origin (above all its API) may be asked for.
    const toService = fromBrowser.filter((url) => url.origin === serviceOrigin);
    const logos = fromBrowser.filter(
      (url) => url.origin === assetOrigin && url.pathname.startsWith('/sandbox/logos/'),
    ).length;
    check(
      toService.length === 0,
      `no request from the browser to the service (${fromBrowser.length} requests; ${logos} carrier logos from its asset origin)`,
      toService.map((url) => url.href).join('\n'),
    );
    const leaks = requests.filter(
      (r) =>
        r.url().includes(secret) ||
        (r.postData() ?? '').includes(secret) ||
        JSON.stringify(r.headers()).includes(secret),
    );
    check(
      leaks.length === 0,
      'the client secret is in no browser request',
      leaks.map((r) => r.url()).join('\n'),
    );
    const polls = fromBrowser.filter(
      (url) => url.pathname.endsWith('/events') && url.search.includes('after='),
    );
    check(
      eventStreams.length > 0 && polls.length === 0,
      `the loan's events came as server-sent events through the app (${eventStreams.length} stream(s), no polling fallback)`,
      `streams: ${eventStreams.join(', ') || 'none'}; polls: ${polls.map((u) => u.href).join(', ') || 'none'}`,
    );
    return { quotes, quotingSeconds };
  } catch (error) {
    await shot('failure').catch(() => undefined);
    const reported = problems.join('\n');
    const extra =
      reported && !error.message.includes(reported) ? `\nwhat the page reported:\n${reported}` : '';
    throw new CheckFailure(`${error.message}${extra}`);
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- one example

async function testExample(example, { work, tarball, browser }) {
  const appDir = join(work, example.dir);
  const bin = (name) => join(appDir, 'node_modules/.bin', name);

  await step(
    `${example.key}: copy examples/${example.dir} and install the tarball (${example.title})`,
    async () => {
      cpSync(join(ROOT, 'examples', example.dir), appDir, {
        recursive: true,
        // A run in place may have left these behind.
        filter: (source) => !/[/\\](node_modules|\.next|dist)$/.test(source),
      });
      const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
      check(
        manifest.dependencies[PKG.name] === `^${PKG.version}`,
        `package.json asks for ${PKG.name} ^${PKG.version}, as a lender writes it`,
      );
      manifest.dependencies[PKG.name] = `file:${tarball}`;
      await writeJson(join(appDir, 'package.json'), manifest);
      run('npm', ['install', '--no-audit', '--no-fund'], { cwd: appDir });
      const installed = JSON.parse(
        readFileSync(join(appDir, 'node_modules', PKG.name, 'package.json'), 'utf8'),
      );
      check(
        installed.version === PKG.version,
        `installed ${PKG.name}@${installed.version} from the tarball`,
      );
      const react = JSON.parse(
        readFileSync(join(appDir, 'node_modules/react/package.json'), 'utf8'),
      );
      check(react.version === example.react, `react ${react.version}`);
      // `npm ls` exits non-zero on a missing or invalid peer dependency.
      run('npm', ['ls', PKG.name, 'react', 'react-dom', '@tanstack/react-query'], { cwd: appDir });
      check(true, 'npm ls: the peers react, react-dom and @tanstack/react-query are satisfied');
    },
  );

  await step(`${example.key}: type-check (npm run typecheck)`, () => {
    run('npm', ['run', 'typecheck'], { cwd: appDir });
    check(true, 'npm run typecheck passes');
  });

  await step(
    `${example.key}: build with none of the service's variables set (npm run build)`,
    () => {
      const { output } = run('npm', ['run', 'build'], { cwd: appDir });
      const warned = warnings(output);
      check(warned.length === 0, 'npm run build succeeds without a warning', warned.join('\n'));
    },
  );

  await step(`${example.key}: started without settings`, async () => {
    const port = await freePort();
    const app = startProcess(`${example.key} app`, 'npm', example.startArgs(port), {
      cwd: appDir,
      env: { PORT: String(port), HOST: '127.0.0.1' },
    });
    try {
      if (example.refusal === 'startup') {
        const { code } = await app.exited;
        check(code !== 0, `the server refuses to start (exit code ${code})`, app.output());
        check(
          /Not started: SERVICE_CLIENT_SECRET is not set/.test(app.output()),
          'and says which setting is missing: "Not started: SERVICE_CLIENT_SECRET is not set"',
          app.output(),
        );
        return;
      }
      await waitForHttp(`http://127.0.0.1:${port}/`, app);
      const response = await fetch(`http://127.0.0.1:${port}/api/insurance/loans/ln_1`);
      const body = await response.json();
      check(
        response.status === 500 && body?.error?.code === 'misconfigured',
        `the BFF answers 500 ${JSON.stringify(body)}`,
        `HTTP ${response.status} ${JSON.stringify(body)}`,
      );
      await app.waitForOutput(/not configured.*SERVICE_CLIENT_SECRET is not set/, 5_000);
      check(
        true,
        'and the server log names the missing setting (SERVICE_CLIENT_SECRET is not set)',
      );
    } catch (error) {
      if (error instanceof CheckFailure) throw error;
      throw new CheckFailure(`${error.message}\n--- ${app.name} output:\n${app.output()}`);
    } finally {
      await app.stop();
    }
  });

  return step(`${example.key}: against the sandbox, one borrower flow in Chromium`, async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const credentials = {
      clientId: `example_${randomBytes(6).toString('hex')}`,
      clientSecret: randomBytes(24).toString('base64url'),
      username: `hooks_${randomBytes(4).toString('hex')}`,
      password: randomBytes(18).toString('base64url'),
    };
    // The sandbox as a process, from the installed package's bin, delivering webhooks to the app.
    const sandbox = startProcess(
      'sandbox',
      bin('lender-insurance-sandbox'),
      [
        '--port',
        '0',
        '--quote-delay-ms',
        String(QUOTE_DELAY_MS),
        // `--name=value`: a random base64url secret may start with "-", which would read as a flag.
        `--client-id=${credentials.clientId}`,
        `--client-secret=${credentials.clientSecret}`,
        `--webhook-url=${origin}/webhooks/insurance`,
        `--webhook-username=${credentials.username}`,
        `--webhook-password=${credentials.password}`,
      ],
      { cwd: appDir },
    );
    let app;
    const logs = () =>
      [sandbox, app]
        .filter(Boolean)
        .map((p) => `--- ${p.name} output:\n${p.output().trim()}`)
        .join('\n');
    try {
      const [, baseUrl] = await sandbox.waitForOutput(/base URL\s+(http:\/\/\S+)/);
      const [, assetOrigin] = await sandbox.waitForOutput(/asset origin\s+(http:\/\/\S+)/);
      check(true, `sandbox listening at ${baseUrl}, webhooks to ${origin}/webhooks/insurance`);
      const start = performance.now();
      // The environment the app runs with, which the doctor reads too.
      const settings = {
        SERVICE_BASE_URL: baseUrl,
        SERVICE_CLIENT_ID: credentials.clientId,
        SERVICE_CLIENT_SECRET: credentials.clientSecret,
        WEBHOOK_BASIC_AUTH_USERNAME: credentials.username,
        WEBHOOK_BASIC_AUTH_PASSWORD: credentials.password,
      };
      app = startProcess(`${example.key} app`, 'npm', example.startArgs(port), {
        cwd: appDir,
        env: { PORT: String(port), HOST: '127.0.0.1', ...settings },
      });
      await waitForHttp(`${origin}/`, app);
      check(
        true,
        `npm start: the app answers at ${origin}/ (${((performance.now() - start) / 1000).toFixed(1)} s)`,
      );
      // The installed package's self-check, as a lender runs it before going live: a token, a
      // read, and a signed test delivery through the app's own webhook route.
      const doctor = run(
        bin('lender-insurance-react'),
        ['doctor', '--webhook-url', `${origin}/webhooks/insurance`],
        { cwd: appDir, env: settings },
      );
      check(
        /No check failed \(5 passed\)/.test(doctor.stdout),
        'npx lender-insurance-react doctor: every check passes against the sandbox and the app',
        doctor.output,
      );
      const seen = await walkFlow(browser, {
        origin,
        serviceOrigin: new URL(baseUrl).origin,
        assetOrigin,
        secret: credentials.clientSecret,
        example,
        shotPrefix: `example-${example.key}`,
      });
      const stopped = await app.stop();
      check(
        stopped.code === 0 || stopped.signal === 'SIGTERM',
        `the app stops on SIGTERM (${JSON.stringify(stopped)})`,
      );
      return seen;
    } catch (error) {
      const message = error instanceof CheckFailure ? error.message : error?.stack;
      throw new CheckFailure(`${message}\n${logs()}`);
    } finally {
      await app?.stop();
      await sandbox.stop();
    }
  });
}

// ---------------------------------------------------------------- the steps

const chosen = (process.env.EXAMPLES ?? 'next,vite').split(',').map((s) => s.trim());
const work = mkdtempSync(join(tmpdir(), 'lir-examples-'));
mkdirSync(ARTIFACTS, { recursive: true });
console.log(`example apps test of ${PKG.name}@${PKG.version} in ${work}`);
let browser;

try {
  await step('the build exists', () => {
    check(
      existsSync(join(ROOT, 'dist/index.js')) && existsSync(join(ROOT, 'dist/core/index.js')),
      'dist/index.js and dist/core/index.js exist',
      'dist/ is missing or incomplete: run `npm run build` first.',
    );
    check(existsSync(CHROMIUM_PATH), `Chromium at ${CHROMIUM_PATH}`, 'apt-get install chromium');
  });

  const tarball = await step('npm pack', () => {
    const { stdout } = run('npm', ['pack', '--pack-destination', work, '--json']);
    const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('[')));
    const file = join(work, filename);
    check(existsSync(file), `packed ${filename}`);
    return file;
  });

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  for (const example of EXAMPLES.filter((e) => chosen.includes(e.key))) {
    await testExample(example, { work, tarball, browser });
  }
} catch (error) {
  failed = true;
  printFailure(error);
} finally {
  await browser?.close();
  await Promise.all([...started].map((proc) => proc.stop()));
  printTimings();
  if (KEEP) console.log(`\nkept the example apps in ${work} (KEEP_EXAMPLES=1)`);
  else {
    rmSync(work, { recursive: true, force: true });
    if (failed) console.log('(rerun with KEEP_EXAMPLES=1 to keep the example apps for a look)');
  }
  console.log(`screenshots: ${ARTIFACTS}/example-*.png`);
}
console.log(failed ? '\nexample apps test: FAILED' : '\nexample apps test: passed');
process.exit(failed ? 1 : 0);
