// Bundle budgets (min+gzip; react, react-dom and @tanstack/react-query are peers, not counted).
// "initial" = what a page downloads up front: the app's bundler splits code, so schemas the
// hooks load on first use (client-side validation) are measured separately, as "with lazy".
const peers = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'];
const HOOKS =
  '{ InsuranceProvider, useLoan, useCreateLoanApplication, useRecordConsent, useTcpaConsent, useShop, useShoppedLoan, useQuoteDisplay, useSelectQuote, useScheduleCall, useCallMeNow, usePolicy, usePolicyRetrieval, useCloseLoan, useLoanEvents, useLoanPolicies }';

const lazyChunksApart = {
  name: 'lazy-chunks-apart',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

const COMPONENTS = HOOKS.replace(
  ' }',
  ', TcpaConsentCheckbox, ShopProgress, QuoteCards, QuoteCard, CallScheduler, PolicyRetrievalLauncher, PolicyDocuments }',
);

const initial = (name, importSpec, limit) => ({
  name: `${name} (initial)`,
  path: 'dist/index.js',
  import: importSpec,
  ignore: peers,
  gzip: true,
  limit,
  // What an app's bundler would put in a separate chunk (a dynamic import) is left out.
  modifyEsbuildConfig: (config) => ({
    ...config,
    plugins: [...(config.plugins ?? []), lazyChunksApart],
  }),
});

const withLazy = (name, importSpec, limit) => ({
  name: `${name} (with lazy chunks)`,
  path: 'dist/index.js',
  import: importSpec,
  ignore: peers,
  gzip: true,
  limit,
});

// Raised once each, for reading the service's documented wire format: the hooks by the shop
// outcome rule (4 → 4.1 kB), the adapter by the display's selected-quote and the policy's
// coverages normalization, the retrieval URL's other names and the current-insurance answer
// (8.5 → 8.7 kB; with the hooks 12 → 12.2 kB), every component by
// the policy's coverages table and standing (34 → 36 kB, lazily loaded parts included).
// Raised once more, for mistakes that explain themselves: the hooks by naming themselves outside
// a provider and noticing a second copy of the library (4.1 → 4.5 kB; 12 → 12.3 kB with lazy
// chunks), the adapter by telling a wrong `baseUrl` apart from the BFF's answers (8.7 → 9.4 kB;
// with the hooks 12.2 → 13.2 kB), the components by the styles.css check (36 → 36.3 kB).
export default [
  initial('hooks and provider', HOOKS, '4.5 kB'),
  withLazy('hooks and provider', HOOKS, '12.3 kB'),
  initial('HTTP adapter', '{ createHttpAdapter }', '9.4 kB'),
  initial(
    'hooks, provider and HTTP adapter',
    HOOKS.replace(' }', ', createHttpAdapter }'),
    '13.2 kB',
  ),
  initial('every component and hook', COMPONENTS, '25 kB'),
  withLazy('every component and hook', COMPONENTS, '36.3 kB'),
  { name: 'styles.css', path: 'dist/styles.css', gzip: true, limit: '4 kB' },
];
