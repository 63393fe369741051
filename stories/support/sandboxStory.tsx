import type { Decorator } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { getResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import type { InsuranceAdapter } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import { preloadCallScheduler, preloadPolicyDocuments } from '../../src/components/index.js';
import { DEFAULT_BFF_BASE_PATH } from '../../src/core/index.js';
import { InsuranceProvider, useInsuranceContext } from '../../src/hooks/index.js';
import { createSandboxService } from '../../src/testing/index.js';
import type { InsuranceHandlers } from '../../src/testing/msw/index.js';
import { createInsuranceHandlers } from '../../src/testing/msw/index.js';
import type { StoryState } from './StoryState.js';
import type { StoryEnv } from './storyEnv.js';
import { createEnv, STORY_QUOTE_DELAY_MS } from './storyEnv.js';

/** The request header that says which story's sandbox a request is for. */
const STORY_HEADER = 'X-Story-Sandbox';

/** How long a story's sandbox keeps answering after its story unmounts (a last request). */
const RELEASE_AFTER_MS = 5000;

/**
 * How long a story's request may take: a day, so a request its scenario holds (`pending`) shows
 * its state however long the story is looked at (the adapter's default gives up after 30 s).
 */
const STORY_REQUEST_TIMEOUT_MS = 86_400_000;

/** One rendered story's sandbox, behind its scenario handlers. */
interface Entry {
  handlers: RequestHandler[];
  bff: InsuranceHandlers['bff'];
}

/** Every rendered story's sandbox, by key, newest last. */
const entries = new Map<string, Entry>();
let count = 0;

/**
 * Answers a request from the sandbox of the story that made it. A request from a story's
 * components names its story (a header its adapter sends). The hosted pages' own requests (the
 * retrieval frame's navigations, carrier logos, links) name none: the sandbox that knows the
 * page answers, newest first. `undefined` when no story's sandbox answers it.
 */
export async function answerStoryRequest(request: Request): Promise<Response | undefined> {
  const key = request.headers.get(STORY_HEADER);
  if (key) {
    const entry = entries.get(key);
    return entry ? getResponse(entry.handlers, request) : undefined;
  }
  if (!new URL(request.url).pathname.startsWith('/sandbox/')) return undefined;
  // A sandbox that does not know a page answers 404, or 410 for a link it never issued ("Link
  // expired"): the one that knows it wins; a 410 only if no sandbox knows better.
  let unknown: Response | undefined;
  for (const entry of [...entries.values()].reverse()) {
    const response = await getResponse(entry.handlers, request.clone());
    if (!response || response.status === 404) continue;
    if (response.status !== 410) return response;
    unknown ??= response;
  }
  return unknown;
}

/**
 * The one MSW handler every sandbox story installs. msw-storybook-addon resets the worker's
 * handlers for each story it loads, so on a Docs page only the last story's handlers are in
 * place: each request is answered by its own story's sandbox, whichever story installed them.
 */
const ROUTES = [
  http.all(`*${DEFAULT_BFF_BASE_PATH}/*`, ({ request }) => answerStoryRequest(request)),
  http.all('*/sandbox/*', ({ request }) => answerStoryRequest(request)),
];

/** What a story's scenarios can use: its own mock BFF (to rewrite its answers). */
export interface StorySandbox {
  bff: InsuranceHandlers['bff'];
}

/** Options of {@link sandboxStory}. */
export interface SandboxStoryOptions<P> {
  /**
   * The `data-state` the story's component reaches, alone, on the Docs page beside the others
   * and in the built Storybook (checked after every play and by the Docs-page test).
   */
  state: string;
  /** Quoting time of the story's sandbox. Default {@link STORY_QUOTE_DELAY_MS}. */
  quoteDelayMs?: number;
  /**
   * Scenario handlers (`rateLimited`, `failing`, `offline`, `pending`), placed before the
   * sandbox's; as a function, built for each render from its own mock BFF.
   */
  scenarios?: RequestHandler[] | ((story: StorySandbox) => RequestHandler[]);
  /** Prepares data through the sandbox before the story renders; returns props for it. */
  prepare?: (env: StoryEnv) => Promise<Partial<P>>;
  /** Documents signed URLs live this long (default 2 minutes). */
  documentUrlTtlMs?: number;
  /**
   * Run the story's play function on the Docs page too, for a state the borrower reaches only by
   * acting (Docs pages render stories without playing them). Prefer reaching the state through
   * `prepare`: plays on one page share the keyboard focus. Default `false`.
   */
  autoplay?: boolean;
}

/** What a sandbox story's loader passes to `render` as `loaded`. */
export interface SandboxLoaded<P> {
  /** Props for the component, from `prepare`. */
  props: Partial<P>;
  /** The story's sandbox, for play functions that act on the service's side. */
  env: StoryEnv;
  /** The adapter the story's components use: over the network (MSW), to its own sandbox. */
  storyAdapter: InsuranceAdapter;
  /** The key of the story's sandbox. */
  storyKey: string;
}

/** Stops a story's sandbox once its story is gone, after a grace period for a last request. */
function release(key: string) {
  setTimeout(() => {
    entries.get(key)?.bff.sandbox.dispose();
    entries.delete(key);
  }, RELEASE_AFTER_MS);
}

/** The story's own provider: the page's cache, locale and texts, with the story's adapter. */
function StorySandboxProvider({
  adapter,
  storyKey,
  children,
}: {
  adapter: InsuranceAdapter;
  storyKey: string;
  children: ReactNode;
}) {
  const { queryClient, locale, messages } = useInsuranceContext('StorySandboxProvider');
  useEffect(() => () => release(storyKey), [storyKey]);
  return (
    <InsuranceProvider
      adapter={adapter}
      queryClient={queryClient}
      locale={locale}
      messages={messages}
    >
      {children}
    </InsuranceProvider>
  );
}

const withStorySandbox: Decorator = (Story, { loaded }) => {
  const { storyAdapter, storyKey } = loaded as SandboxLoaded<unknown>;
  return (
    <StorySandboxProvider adapter={storyAdapter} storyKey={storyKey}>
      <Story />
    </StorySandboxProvider>
  );
};

/**
 * A story backed by its own sandbox, behind the same MSW handlers the tests use
 * (`createInsuranceHandlers`), that stays its own wherever it renders: alone, or beside the
 * others on its Docs page. Every render gets a fresh sandbox (its own clock and data), prepared
 * by `prepare` through the sandbox directly, and an adapter whose requests name that sandbox;
 * the query cache is the story's own (.storybook/preview.tsx). The props `prepare` returns reach
 * the story's `render` as `loaded.props`.
 *
 * @example
 * export const Rated: Story = sandboxStory({
 *   state: 'ready',
 *   prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }),
 * });
 */
export function sandboxStory<P>(options: SandboxStoryOptions<P>) {
  const parameters: { msw: object; lir: StoryState; docs?: object } = {
    msw: { handlers: ROUTES },
    lir: { state: options.state },
  };
  if (options.autoplay) parameters.docs = { story: { autoplay: true } };
  return {
    parameters,
    decorators: [withStorySandbox],
    loaders: [
      async (): Promise<SandboxLoaded<P>> => {
        const storyKey = `story-${++count}`;
        const sandbox = createSandboxService({
          // Documents open in a new tab: a navigation, which only this Storybook's own service
          // worker answers, and only on its origin (public/storybookServiceWorker.js). Host
          // rules are the BFF's, which stories do not run: tests meet the other origin.
          assetOrigin: location.origin,
          clock: 'auto',
          quoteDelayMs: options.quoteDelayMs ?? STORY_QUOTE_DELAY_MS,
          ...(options.documentUrlTtlMs ? { documentUrlTtlMs: options.documentUrlTtlMs } : {}),
        });
        const { handlers, bff } = createInsuranceHandlers({ sandbox });
        const scenarios =
          typeof options.scenarios === 'function'
            ? options.scenarios({ bff })
            : (options.scenarios ?? []);
        entries.set(storyKey, { handlers: [...scenarios, ...handlers], bff });
        const storyAdapter = createHttpAdapter({
          baseUrl: DEFAULT_BFF_BASE_PATH,
          headers: { [STORY_HEADER]: storyKey },
          timeoutMs: STORY_REQUEST_TIMEOUT_MS,
        });
        const env = createEnv(sandbox, bff);
        // The components whose code is a chunk of their own show their content from the first
        // frame, as on a page that preloaded them: a story shows its state, not the stand-in.
        await Promise.all([preloadCallScheduler(), preloadPolicyDocuments()]);
        const props = (await options.prepare?.(env)) ?? {};
        return { props, env, storyAdapter, storyKey };
      },
    ],
  };
}
