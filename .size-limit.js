// esbuild's figures (size-limit), kept beside scripts/size.ts's, which measure what a host's Vite
// build really loads (`npm run size` prints both). Min+gzip; react, react-dom and
// @tanstack/react-query are peers, not counted. "initial" leaves every dynamic import out, which
// a real bundler does not do (modules shared with a lazy chunk land in a chunk loaded up front):
// read it as a lower bound, and the Vite figures as the truth.
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
  ', TcpaConsentCheckbox, ShopProgress, QuoteCards, QuoteCard, CallScheduler, PolicyRetrievalLauncher, PolicyDocuments, LoanApplicationForm }',
);

// What a lender that drops the whole flow in imports.
const FLOW = '{ InsuranceProvider, createHttpAdapter, InsuranceFlow }';

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
// Raised once more, for the drop-in flow and what it asks of the components: every component
// speaks Spanish (its catalog, about 2.7 kB), the call scheduler knows advisor hours and the
// number it calls (3.4 kB), the quote cards compare every coverage (1.2 kB), and the loan
// application form joins the components (6 kB: labels, hints and errors of its fields in two
// languages, the states and territories): 25 → 26.5 kB initial, 36.3 → 50.5 kB with lazy
// chunks. The flow loads its steps lazily: 17.1 kB up front with the provider and the adapter,
// 63.6 kB with every step.
// "Hooks with lazy chunks" rose by 0.33 kB without any hook changing: esbuild keeps the target of
// every dynamic import in the graph, so the flow's lazily loaded steps are counted even where
// the flow is not imported (without them it is 12.22 kB, as before); a host's bundler drops them.
// Cut once, when the HTTP adapter stopped sending requests and reading answers, failures and
// events up front (that code loads as one lazy chunk, requested when an adapter is created in a
// browser): the adapter 9.4 → 2.1 kB, with the hooks 13.2 → 6 kB; the components and the flow by
// as much, and by what their own texts and parts now load on first use (Spanish on a Spanish
// page, the retrieval dialog, CallScheduler and PolicyDocuments when first shown): the
// components 26.5 → 17.5 kB initial, 50.5 → 36.5 kB with lazy chunks; the flow 17.5 → 9.5 kB,
// 64 → 49.5 kB.
export default [
  initial('hooks and provider', HOOKS, '4.5 kB'),
  withLazy('hooks and provider', HOOKS, '12.6 kB'),
  initial('HTTP adapter', '{ createHttpAdapter }', '2.1 kB'),
  initial('hooks, provider and HTTP adapter', HOOKS.replace(' }', ', createHttpAdapter }'), '6 kB'),
  initial('every component and hook', COMPONENTS, '17.5 kB'),
  withLazy('every component and hook', COMPONENTS, '36.5 kB'),
  initial('the drop-in flow', FLOW, '9.5 kB'),
  withLazy('the drop-in flow', FLOW, '49.5 kB'),
  { name: 'styles.css', path: 'dist/styles.css', gzip: true, limit: '4 kB' },
];
