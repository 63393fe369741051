import type { Decorator } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { getResponse, http } from 'msw';
import type { ReactNode } from 'react';
import type { InsuranceAdapter } from '../../src/adapter/index.js';
import { createHttpAdapter } from '../../src/adapter/index.js';
import { DEFAULT_BFF_BASE_PATH } from '../../src/core/index.js';
import { InsuranceProvider, useInsuranceContext } from '../../src/hooks/index.js';
import { createSandboxService } from '../../src/testing/index.js';
import type { InsuranceHandlers } from '../../src/testing/msw/index.js';
import { createInsuranceHandlers } from '../../src/testing/msw/index.js';
import type { SandboxLoaded, SandboxStoryOptions } from './sandboxStory.js';
import { createEnv, STORY_QUOTE_DELAY_MS } from './sandboxStory.js';

/** The request header that says which story's sandbox a request is for. */
const STORY_HEADER = 'X-Story-Sandbox';

/** One rendered story's sandbox, behind its scenario handlers. */
interface Entry {
  handlers: RequestHandler[];
  bff: InsuranceHandlers['bff'];
}

/** Every rendered story's sandbox, by key, newest last. */
const entries = new Map<string, Entry>();
let count = 0;

/**
 * The one MSW handler every isolated story installs. msw-storybook-addon resets the worker's
 * handlers for each story it loads, so on a Docs page only the last story's handlers are in
 * place: each request therefore names its story (a header its adapter sends), and is answered by
 * that story's sandbox, whichever story installed the handler.
 */
async function route({ request }: { request: Request }): Promise<Response | undefined> {
  const key = request.headers.get(STORY_HEADER);
  if (key) {
    const entry = entries.get(key);
    return entry ? getResponse(entry.handlers, request) : undefined;
  }
  // The hosted pages' own requests (carrier logos, links) carry no header: the sandbox that
  // knows the page answers it, newest first.
  if (!new URL(request.url).pathname.startsWith('/sandbox/')) return undefined;
  for (const entry of [...entries.values()].reverse()) {
    const response = await getResponse(entry.handlers, request.clone());
    if (response && response.status !== 404) return response;
  }
  return undefined;
}

const ROUTES = [http.all(`*${DEFAULT_BFF_BASE_PATH}/*`, route), http.all('*/sandbox/*', route)];

/** Options of {@link isolatedSandboxStory}. */
export interface IsolatedSandboxStoryOptions<P> extends SandboxStoryOptions<P> {
  /**
   * Run the story's play function on the Docs page too, for a state the borrower reaches by
   * acting (Docs pages render stories without playing them). Default `false`.
   */
  autoplay?: boolean;
}

/** What an isolated story's loader passes to `render` as `loaded`. */
export interface IsolatedSandboxLoaded<P> extends SandboxLoaded<P> {
  /** The adapter the story's components use: over the network (MSW), to its own sandbox. */
  storyAdapter: InsuranceAdapter;
}

/** The story's own provider: the page's cache, locale and texts, with the story's adapter. */
function StorySandboxProvider({
  adapter,
  children,
}: {
  adapter: InsuranceAdapter;
  children: ReactNode;
}) {
  const { queryClient, locale, messages } = useInsuranceContext('StorySandboxProvider');
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
  const { storyAdapter } = loaded as IsolatedSandboxLoaded<unknown>;
  return (
    <StorySandboxProvider adapter={storyAdapter}>
      <Story />
    </StorySandboxProvider>
  );
};

/**
 * A story backed by its own sandbox that stays its own when several stories render on one page
 * (the Docs page): unlike {@link sandboxStory}, whose handlers forward to whichever sandbox was
 * created last, every request of this story is answered by its sandbox (and its `scenarios`).
 * Each render gets a fresh sandbox, prepared by `prepare`; the props it returns reach the story's
 * `render` as `loaded.props`.
 *
 * @example
 * export const Quotes: Story = isolatedSandboxStory({ prepare: async (env) => ({ loanId: (await env.ratedLoan()).id }) });
 */
export function isolatedSandboxStory<P>(options: IsolatedSandboxStoryOptions<P> = {}) {
  let key: string | undefined;
  return {
    parameters: {
      msw: { handlers: ROUTES },
      ...(options.autoplay ? { docs: { story: { autoplay: true } } } : {}),
    },
    decorators: [withStorySandbox],
    loaders: [
      async (): Promise<IsolatedSandboxLoaded<P>> => {
        // The previous render's sandbox stops its clock but still answers: its components may
        // ask once more before they unmount.
        if (key) entries.get(key)?.bff.sandbox.dispose();
        key = `story-${++count}`;
        const sandbox = createSandboxService({
          clock: 'auto',
          quoteDelayMs: options.quoteDelayMs ?? STORY_QUOTE_DELAY_MS,
          ...(options.documentUrlTtlMs ? { documentUrlTtlMs: options.documentUrlTtlMs } : {}),
        });
        const { handlers, bff } = createInsuranceHandlers({ sandbox });
        entries.set(key, { handlers: [...(options.scenarios ?? []), ...handlers], bff });
        // For scripts/screenshots.ts, which answers the hosted pages' navigations (frames) from
        // the story's sandbox: the MSW worker never sees navigations.
        (globalThis as { __lirStoryBff?: InsuranceHandlers['bff'] }).__lirStoryBff = bff;
        const storyAdapter = createHttpAdapter({
          baseUrl: DEFAULT_BFF_BASE_PATH,
          headers: { [STORY_HEADER]: key },
        });
        const env = createEnv(sandbox, bff);
        const props = (await options.prepare?.(env)) ?? {};
        return { props, env, storyAdapter };
      },
    ],
  };
}
