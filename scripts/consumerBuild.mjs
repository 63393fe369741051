// Packaging test: does the published tarball work in a real consumer app?
//
// `npm run test:consumer` (after `npm run build`). It:
//   1. packs the package (`npm pack`) and checks what the tarball holds (and leaves out);
//   2. scaffolds a Vite + React + TypeScript app in a fresh temp folder (create-vite 9.3.0, or
//      hand-written files when create-vite cannot run), with pinned versions, and installs the
//      tarball into it like any consumer would;
//   3. writes an app that uses the browser entry (provider, adapter, components, a hook, the
//      stylesheet, types) and a Node server file that wires the server entry as the README shows;
//      loads the server and testing entries in plain Node (a sandbox token request, a BFF request)
//      and runs the `lender-insurance-sandbox` bin;
//   4. type-checks both (`tsc -b`) and builds the client (`vite build`), then checks that the
//      client bundle holds none of the server-only code.
// Each check prints `ok: …`; the first failure prints why and exits with code 1. Timings are
// printed per step. The temp folder is removed at the end unless KEEP_CONSUMER=1;
// CONSUMER_SCAFFOLD=manual writes the app's files by hand instead of running create-vite.
// `--react 18` runs it all on React 18.3 with @types/react 18 instead of the newest React 19
// (`--react 19`, the default): the peer range is `>=18`, so both must install, type-check and
// build.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CheckFailure,
  check,
  listFiles,
  PKG,
  printFailure,
  printTimings,
  ROOT,
  readJsonc,
  run,
  step,
  writeJson,
} from './support/scriptSteps.mjs';

const KEEP = process.env.KEEP_CONSUMER === '1';

// React and its types for each supported major: the oldest the peer range allows (18.3) and the
// newest. Pinned exactly so the consumer is the same on every run.
const REACT_VERSIONS = {
  18: { react: '18.3.1', types: '18.3.31', domTypes: '18.3.7' },
  19: { react: '19.3.1', types: '19.3.0', domTypes: '19.3.0' },
};
const { values: options } = parseArgs({ options: { react: { type: 'string', default: '19' } } });
const REACT = REACT_VERSIONS[options.react];
if (!REACT) {
  console.error(
    `--react must be one of ${Object.keys(REACT_VERSIONS).join(', ')} (got ${options.react})`,
  );
  process.exit(2);
}

// Versions that install from the registry reachable here and run on Node 20.20
// (see the toolchain notes). Pinned exactly so the consumer is the same on every run.
const CREATE_VITE = 'vite@9.3.0';
const DEPENDENCIES = { react: REACT.react, 'react-dom': REACT.react };
const DEV_DEPENDENCIES = {
  '@types/node': '20.19.43',
  '@types/react': REACT.types,
  '@types/react-dom': REACT.domTypes,
  '@vitejs/plugin-react': '6.3.0',
  typescript: '7.0.2',
  vite: '8.3.8',
};
const REACT_QUERY = '@tanstack/react-query@5.108.0';
// The optional peer of the Redis entry, as a host running several instances installs it.
const IOREDIS = 'ioredis@6.0.0';

// What the tarball must hold, and what it must never hold (paths inside `package/`).
const REQUIRED_FILES = [
  'package.json',
  'README.md',
  'dist/index.js',
  'dist/index.d.ts',
  'dist/core/index.js',
  'dist/core/index.d.ts',
  'dist/styles.css',
  'dist/server/index.js',
  'dist/server/index.d.ts',
  'dist/server/redis/index.js',
  'dist/server/redis/index.d.ts',
  'dist/testing/index.js',
  'dist/testing/index.d.ts',
  'dist/testing/msw/index.js',
  'dist/testing/cli.js',
  'dist/server/cli.js',
  'LICENSE',
  'CHANGELOG.md',
];
const FORBIDDEN = [
  [/^src\//, 'sources (src/)'],
  [/^test\//, 'tests (test/)'],
  [/^public\/mockServiceWorker\.js$/, "msw's public/mockServiceWorker.js"],
  [/\.map$/, 'source maps (*.map)'],
  [/^(stories|storybook-static|\.storybook|docs|scripts|\.ci|node_modules)\//, 'repo-only folders'],
  [/(^|\/)[^/]+\.(test|spec|stories)\.[^/]+$/, 'test or story files'],
];
// Strings that only server code holds: none may reach the browser bundle. (The field *name*
// `client_secret` may: the operation table's token row names its lazily loaded schema, which a
// bundler emits as a chunk the browser never loads. What matters is that no secret value and no
// server module ships.)
const SERVER_ONLY_STRINGS = [
  'createInsuranceBff', // the BFF factory (unminified name, in case the build keeps names)
  'lir:token:', // the token cache key prefix of the service client
  'sandbox_secret', // the sandbox's default credentials (testing entry)
  '-Signature-1', // the webhook signature header the receiver reads
  'ZREMRANGEBYSCORE', // the Redis store's sliding-window script
];

// ---------------------------------------------------------------- the consumer's files

// The browser app: every component, the provider, the adapter, a hook, the stylesheet and types.
const APP_TSX = `import 'lender-insurance-react/styles.css';
import {
  CallScheduler,
  createHttpAdapter,
  InsuranceProvider,
  PolicyDocuments,
  PolicyRetrievalLauncher,
  QuoteCards,
  ShopProgress,
  TcpaConsentCheckbox,
  useLoan,
} from 'lender-insurance-react';
import type { InsuranceAdapter, Loan } from 'lender-insurance-react';

const adapter: InsuranceAdapter = createHttpAdapter({ baseUrl: '/api/insurance' });

function describe(loan: Loan): string {
  return \`\${loan.loanNumber}: \${loan.status}\`;
}

function LoanSummary({ loanId }: { loanId: string }) {
  const { data, error, isLoading } = useLoan(loanId);
  if (isLoading) return <p>Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return <p>{data ? describe(data) : 'No loan'}</p>;
}

export default function App({ loanId = 'loan_1', policyId = 'policy_1' }) {
  return (
    <InsuranceProvider adapter={adapter} locale="en-US">
      <LoanSummary loanId={loanId} />
      <TcpaConsentCheckbox loanId={loanId} lenderName="Acme Home Loans" termsOfServiceId="tcpa-2026-01" />
      <ShopProgress loanId={loanId} autoStart={false} />
      <QuoteCards loanId={loanId} onSelect={(quote) => console.log(quote)} />
      <CallScheduler loanId={loanId} lenderName="Acme Home Loans" termsOfServiceId="tcpa-2026-01" />
      <PolicyRetrievalLauncher loanId={loanId} />
      <PolicyDocuments policyId={policyId} />
    </InsuranceProvider>
  );
}
`;

const MAIN_TSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

// The server: type-checked only (tsconfig.server.json, Node ESM resolution), never bundled.
// The README's wiring, against the sandbox instead of the real service.
const SERVER_TS = `import { createServer } from 'node:http';
import type { Loan } from 'lender-insurance-react/server';
import {
  createInsuranceBff,
  createMemoryStore,
  createServiceClient,
  createWebhookHandler,
  toNodeHandler,
  verifyWebhookSignature,
} from 'lender-insurance-react/server';
import { createRedisStore } from 'lender-insurance-react/server/redis';
import { createSandboxService, SANDBOX_DEFAULTS } from 'lender-insurance-react/testing';

interface Session {
  id: string;
  loanIds: Set<string>;
}
const sessions = new Map<string, Session>();

const sandbox = createSandboxService({ quoteDelayMs: 2_000 });
// One instance keeps its state in memory; several share one Redis.
const store = process.env.REDIS_URL
  ? createRedisStore({ redis: process.env.REDIS_URL })
  : createMemoryStore();
const client = createServiceClient({
  baseUrl: process.env.SERVICE_BASE_URL ?? \`http://127.0.0.1:4010\${sandbox.basePath}\`,
  clientId: process.env.SERVICE_CLIENT_ID ?? SANDBOX_DEFAULTS.clientId,
  clientSecret: process.env.SERVICE_CLIENT_SECRET ?? SANDBOX_DEFAULTS.clientSecret,
  fetch: sandbox.fetch,
  store,
});
const bff = createInsuranceBff<Session>({
  client,
  store,
  getSession: (request) => sessions.get(request.headers.get('cookie') ?? '') ?? null,
  authorize: ({ session, operation, loanId, policyId }) => {
    if (operation === 'submitLoanApplication') return true;
    if (loanId) return session.loanIds.has(loanId);
    // loanId null: a policy without a link; this host keeps no policy records to decide it.
    return policyId === undefined;
  },
  onLoanCreated: ({ session, loan }: { session: Session; loan: Loan }) => {
    session.loanIds.add(loan.id);
  },
  prepareApplication: ({ session, input }) => ({ ...input, externalId: \`portal-\${session.id}\` }),
  onPolicyLinked: ({ policyId, loanId }) => console.log('policy', policyId, 'of', loanId),
  fairnessKey: ({ session }) => session.id,
});
const webhooks = createWebhookHandler({
  secret: SANDBOX_DEFAULTS.clientSecret,
  store,
  relay: bff.relay,
  onEvent: async (event, { loanId }) => {
    console.log('event', event.id, event.type, loanId);
  },
});
export const signOut = (session: Session) => bff.endSessionStreams(session.id);

/** A hand-rolled receiver would verify like this (the raw bytes, before any JSON parsing). */
export async function isSigned(request: Request): Promise<boolean> {
  const raw = await request.arrayBuffer();
  return verifyWebhookSignature(raw, request.headers.get('X-Service-Signature-1'), SANDBOX_DEFAULTS.clientSecret);
}

const bffListener = toNodeHandler(bff.handler);
const webhookListener = toNodeHandler(webhooks.handler);
export const server = createServer((req, res) => {
  if (req.url?.startsWith('/api/insurance/')) return void bffListener(req, res);
  if (req.url === '/webhooks/insurance') return void webhookListener(req, res);
  res.statusCode = 404;
  res.end();
});
`;

// Run with plain Node from the app folder: the server and testing entries load and work
// (no bundler, no TypeScript), and the browser entry loads too (as server rendering would).
const NODE_CHECK = `
const server = await import('lender-insurance-react/server');
const testing = await import('lender-insurance-react/testing');
const browser = await import('lender-insurance-react');
const redis = await import('lender-insurance-react/server/redis');
const fail = (message) => { console.error(message); process.exit(1); };
const missing = ['createInsuranceBff', 'createServiceClient', 'createWebhookHandler',
  'createMemoryStore', 'createEventRelay', 'toNodeHandler', 'verifyWebhookSignature']
  .filter((name) => typeof server[name] !== 'function')
  .concat(['createSandboxService', 'createLoanApplicationFixture']
    .filter((name) => typeof testing[name] !== 'function'));
if (missing.length > 0) fail('not exported as functions: ' + missing.join(', '));
if (typeof browser.createHttpAdapter !== 'function') fail('browser entry: no createHttpAdapter');
if (typeof redis.createRedisStore !== 'function') fail('redis entry: no createRedisStore');
console.log('ok: the server, Redis, testing and browser entries load in plain Node');

// The core entry is framework-free: no 'use client' marker and no React in what it loads, so a
// Server Component or a route handler may import it.
const { readFile, readdir } = await import('node:fs/promises');
const { fileURLToPath } = await import('node:url');
const coreUrl = import.meta.resolve('lender-insurance-react/core');
const core = await import('lender-insurance-react/core');
if (typeof core.isRated !== 'function' || !Array.isArray(core.LOAN_STATUSES)) fail('core entry: no status helpers');
const { dirname, join } = await import('node:path');
const coreDir = dirname(fileURLToPath(coreUrl));
const coreFiles = (await readdir(coreDir, { recursive: true })).filter((f) => f.endsWith('.js'));
const frameworks = ['"react"', '"react-dom', '"react/', '"@tanstack/react-query"'];
for (const file of coreFiles) {
  const text = await readFile(join(coreDir, file), 'utf8');
  const hit = frameworks.find((name) => text.includes('from ' + name));
  if (hit || text.includes('use client')) fail('core entry: ' + file + ' imports ' + (hit ?? "'use client'"));
}
console.log("ok: lender-insurance-react/core loads in plain Node, without 'use client'");

const sandbox = testing.createSandboxService({ clock: 'manual' });
const base = 'http://127.0.0.1' + sandbox.basePath;
const res = await sandbox.fetch(base + '/v1/auth/token', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    client_id: testing.SANDBOX_DEFAULTS.clientId,
    client_secret: testing.SANDBOX_DEFAULTS.clientSecret,
  }),
});
const token = await res.json();
if (res.status !== 200 || typeof token.access_token !== 'string') {
  fail('sandbox token request: HTTP ' + res.status + ' ' + JSON.stringify(token));
}
console.log('ok: createSandboxService(): POST /v1/auth/token through sandbox.fetch -> 200 with an access_token');

// The BFF over the service client over the sandbox, as wired in server.ts.
const store = server.createMemoryStore();
const client = server.createServiceClient({
  baseUrl: base,
  clientId: testing.SANDBOX_DEFAULTS.clientId,
  clientSecret: testing.SANDBOX_DEFAULTS.clientSecret,
  fetch: sandbox.fetch,
  store,
});
const session = { id: 's1', loanIds: new Set() };
const bff = server.createInsuranceBff({
  client,
  store,
  getSession: (request) => (request.headers.get('cookie') === 'sid=s1' ? session : null),
  authorize: ({ session, loanId }) => loanId === undefined || (!!loanId && session.loanIds.has(loanId)),
  onLoanCreated: ({ session, loan }) => { session.loanIds.add(loan.id); },
});
const anonymous = await bff.handler(new Request('http://app.test/api/insurance/loans/abc'));
if (anonymous.status !== 401) fail('BFF without a session: HTTP ' + anonymous.status + ' (expected 401)');
const created = await bff.handler(new Request('http://app.test/api/insurance/loans', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-LIR-CSRF': '1', cookie: 'sid=s1' },
  body: JSON.stringify(testing.createLoanApplicationFixture()),
}));
const loan = await created.json();
if (!created.ok || typeof loan.id !== 'string' || !session.loanIds.has(loan.id)) {
  fail('BFF create loan: HTTP ' + created.status + ' ' + JSON.stringify(loan));
}
const read = await bff.handler(new Request('http://app.test/api/insurance/loans/' + loan.id, {
  headers: { cookie: 'sid=s1' },
}));
if (read.status !== 200) fail('BFF read loan: HTTP ' + read.status);
console.log('ok: createInsuranceBff + createServiceClient over the sandbox: 401 without a session, create loan ' +
  created.status + ', read it back 200');
await bff.close();
sandbox.dispose();
`;

// Used only when create-vite cannot run: the minimal files of the same template.
async function scaffoldByHand(appDir) {
  mkdirSync(join(appDir, 'src'), { recursive: true });
  await writeJson(join(appDir, 'package.json'), {
    name: 'app',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { dev: 'vite', build: 'tsc -b && vite build', preview: 'vite preview' },
  });
  await writeJson(join(appDir, 'tsconfig.json'), {
    files: [],
    references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }],
  });
  const common = {
    target: 'es2023',
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noFallthroughCasesInSwitch: true,
  };
  await writeJson(join(appDir, 'tsconfig.app.json'), {
    compilerOptions: {
      ...common,
      tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
      lib: ['ES2023', 'DOM'],
      module: 'esnext',
      moduleResolution: 'bundler',
      types: ['vite/client'],
      jsx: 'react-jsx',
    },
    include: ['src'],
  });
  await writeJson(join(appDir, 'tsconfig.node.json'), {
    compilerOptions: {
      ...common,
      tsBuildInfoFile: './node_modules/.tmp/tsconfig.node.tsbuildinfo',
      lib: ['ES2023'],
      module: 'nodenext',
      types: ['node'],
    },
    include: ['vite.config.ts'],
  });
  await writeFile(
    join(appDir, 'vite.config.ts'),
    "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [react()] });\n",
  );
  await writeFile(
    join(appDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>app</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
  );
}

// ---------------------------------------------------------------- the steps

const work = mkdtempSync(join(tmpdir(), 'lir-consumer-'));
const appDir = join(work, 'app');
console.log(
  `consumer build test of ${PKG.name}@${PKG.version} on React ${REACT.react} (@types/react ${REACT.types}) in ${work}`,
);

let failed = false;
try {
  await step('1. the build exists', () => {
    check(
      existsSync(join(ROOT, 'dist/index.js')),
      'dist/index.js exists',
      'dist/index.js is missing: run `npm run build` first.',
    );
  });

  const tarball = await step('2. npm pack and the tarball contents', () => {
    const { stdout } = run('npm', ['pack', '--pack-destination', work, '--json']);
    const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('[')));
    const file = join(work, filename);
    check(existsSync(file), `packed ${filename}`);
    const entries = run('tar', ['-tzf', file], { cwd: work })
      .stdout.split('\n')
      .filter(Boolean)
      .map((entry) => entry.replace(/^package\//, ''));
    console.log(`    ${entries.length} files`);
    const have = new Set(entries);
    for (const path of REQUIRED_FILES) check(have.has(path), `tarball has ${path}`);
    for (const [pattern, what] of FORBIDDEN) {
      const found = entries.filter((entry) => pattern.test(entry));
      check(found.length === 0, `tarball has no ${what}`, found.slice(0, 10).join('\n'));
    }
    // Every file the packed package.json points at (exports, bin, types) is in the tarball.
    const packed = JSON.parse(run('tar', ['-xzOf', file, 'package/package.json']).stdout);
    const targets = [];
    const collect = (value) => {
      if (typeof value === 'string') targets.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(packed.exports);
    collect(packed.bin);
    collect([packed.main, packed.module, packed.types].filter(Boolean));
    const missing = [...new Set(targets)].filter((t) => !have.has(t.replace(/^\.\//, '')));
    check(
      missing.length === 0,
      `every exports/bin/types target (${new Set(targets).size}) is in the tarball`,
      missing.join('\n'),
    );
    check(
      !packed.scripts?.postinstall && !packed.scripts?.install && !packed.scripts?.preinstall,
      'no install scripts in the packed package.json',
    );
    return file;
  });

  await step('3. scaffold a Vite + React + TS app', async () => {
    try {
      // CONSUMER_SCAFFOLD=manual skips create-vite, to exercise the fallback.
      if (process.env.CONSUMER_SCAFFOLD === 'manual')
        throw new CheckFailure('CONSUMER_SCAFFOLD=manual');
      run(
        'npm',
        ['create', '--yes', CREATE_VITE, 'app', '--', '--template', 'react-ts', '--no-interactive'],
        { cwd: work },
      );
      check(existsSync(join(appDir, 'tsconfig.app.json')), `scaffolded with create-${CREATE_VITE}`);
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      console.log(`create-vite failed, writing the template by hand:\n${error.message}`);
      rmSync(appDir, { recursive: true, force: true });
      await scaffoldByHand(appDir);
      check(true, 'scaffolded by hand (fallback)');
    }
    // Pinned versions instead of the template's ranges; no linter (not under test).
    const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
    pkg.dependencies = { ...DEPENDENCIES };
    pkg.devDependencies = { ...DEV_DEPENDENCIES };
    delete pkg.scripts?.lint;
    await writeJson(join(appDir, 'package.json'), pkg);
    // Strict, explicitly (TypeScript 7 defaults to it, an older one would not).
    for (const name of ['tsconfig.app.json', 'tsconfig.node.json']) {
      const config = readJsonc(join(appDir, name));
      config.compilerOptions.strict = true;
      await writeJson(join(appDir, name), config);
    }
    // The server file gets its own project: Node ESM resolution, Node types, no DOM, and the
    // package's .d.ts files checked too (skipLibCheck off).
    await writeJson(join(appDir, 'tsconfig.server.json'), {
      compilerOptions: {
        tsBuildInfoFile: './node_modules/.tmp/tsconfig.server.tsbuildinfo',
        target: 'es2023',
        lib: ['ES2023'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        types: ['node'],
        strict: true,
        skipLibCheck: false,
        verbatimModuleSyntax: true,
        noEmit: true,
      },
      include: ['server'],
    });
    const root = readJsonc(join(appDir, 'tsconfig.json'));
    root.references.push({ path: './tsconfig.server.json' });
    await writeJson(join(appDir, 'tsconfig.json'), root);
    mkdirSync(join(appDir, 'server'), { recursive: true });
    await writeFile(join(appDir, 'src/App.tsx'), APP_TSX);
    await writeFile(join(appDir, 'src/main.tsx'), MAIN_TSX);
    await writeFile(join(appDir, 'server/server.ts'), SERVER_TS);
    check(true, 'wrote src/App.tsx, src/main.tsx, server/server.ts, tsconfig.server.json');
  });

  await step('4. install the dependencies and the tarball', () => {
    run('npm', ['install', tarball, REACT_QUERY, IOREDIS, '--no-audit', '--no-fund'], {
      cwd: appDir,
    });
    const installed = JSON.parse(
      readFileSync(join(appDir, 'node_modules', PKG.name, 'package.json'), 'utf8'),
    );
    check(installed.version === PKG.version, `installed ${PKG.name}@${installed.version}`);
    const versionOf = (name) =>
      JSON.parse(readFileSync(join(appDir, 'node_modules', name, 'package.json'), 'utf8')).version;
    const react = [versionOf('react'), versionOf('react-dom'), versionOf('@types/react')];
    check(
      react.join() === [REACT.react, REACT.react, REACT.types].join(),
      `react ${react[0]}, react-dom ${react[1]}, @types/react ${react[2]}`,
      `expected react ${REACT.react} and @types/react ${REACT.types}`,
    );
    const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
    check(
      String(manifest.dependencies[PKG.name]).startsWith('file:'),
      `the app depends on the tarball (${manifest.dependencies[PKG.name]})`,
    );
    // `npm ls` exits non-zero on a missing or invalid peer dependency.
    run('npm', ['ls', PKG.name, 'react', 'react-dom', '@tanstack/react-query', 'ioredis'], {
      cwd: appDir,
    });
    check(true, 'npm ls: peers react, react-dom, @tanstack/react-query and ioredis are satisfied');
    check(
      !existsSync(join(appDir, 'node_modules/msw')),
      'msw (an optional peer) was not installed: the checks below run without it',
    );
  });

  await step('5. the server and testing entries in plain Node, and the bin', () => {
    const { stdout } = run('node', ['--input-type=module', '-e', NODE_CHECK], { cwd: appDir });
    process.stdout.write(stdout);
    const bin = join(appDir, 'node_modules/.bin/lender-insurance-sandbox');
    const help = run(bin, ['--help'], { cwd: appDir }).output;
    check(
      /--port/.test(help) && /--quote-delay-ms/.test(help),
      'node_modules/.bin/lender-insurance-sandbox --help exits 0 and prints the usage',
      help,
    );
    const doctor = run(join(appDir, 'node_modules/.bin/lender-insurance-react'), ['--help'], {
      cwd: appDir,
    }).output;
    check(
      /lender-insurance-react doctor/.test(doctor) && /--webhook-url/.test(doctor),
      'node_modules/.bin/lender-insurance-react --help exits 0 and prints the doctor usage',
      doctor,
    );
  });

  await step('6. type-check (tsc -b: app, vite.config.ts, server)', () => {
    run(join(appDir, 'node_modules/.bin/tsc'), ['-b', '--pretty', 'false'], { cwd: appDir });
    check(true, 'tsc -b passes (tsconfig.app.json, tsconfig.node.json, tsconfig.server.json)');
  });

  await step('7. vite build and the client bundle', () => {
    const { output } = run(join(appDir, 'node_modules/.bin/vite'), ['build'], { cwd: appDir });
    const warnings = output.split('\n').filter((line) => /warn|\(!\)/i.test(line));
    for (const line of warnings) console.log(`    vite: ${line.trim()}`);
    const assets = join(appDir, 'dist/assets');
    const files = listFiles(assets);
    const js = files.filter((f) => f.endsWith('.js'));
    const css = files.filter((f) => f.endsWith('.css'));
    let jsBytes = 0;
    const sources = js.map((f) => {
      const text = readFileSync(join(assets, f), 'utf8');
      jsBytes += text.length;
      return [f, text];
    });
    console.log(
      `    ${js.length} JS chunks (${(jsBytes / 1024).toFixed(1)} KiB), ${css.length} CSS`,
    );
    check(js.length > 0, 'the build emitted JavaScript');
    check(
      sources.some(([, text]) => text.includes('/api/insurance')),
      "the bundle holds the library's HTTP adapter (its default base URL /api/insurance)",
    );
    const cssText = css.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    check(
      cssText.includes('--lir-') && cssText.includes('lender-insurance'),
      'styles.css reached the CSS bundle (--lir-* variables, the lender-insurance layer)',
    );
    for (const marker of SERVER_ONLY_STRINGS) {
      const hits = sources.filter(([, text]) => text.includes(marker)).map(([f]) => f);
      check(
        hits.length === 0,
        `no server-only code in the client bundle: "${marker}" absent`,
        `found in: ${hits.join(', ')}`,
      );
    }
  });
} catch (error) {
  failed = true;
  printFailure(error);
} finally {
  printTimings();
  if (KEEP) console.log(`\nkept the consumer app in ${appDir} (KEEP_CONSUMER=1)`);
  else {
    rmSync(work, { recursive: true, force: true });
    if (failed) console.log('(rerun with KEEP_CONSUMER=1 to keep the consumer app for a look)');
  }
}
console.log(`\nconsumer build test on React ${REACT.react}: ${failed ? 'FAILED' : 'passed'}`);
process.exit(failed ? 1 : 0);
