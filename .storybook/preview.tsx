import { parameters as reactDocs } from '@storybook/react/entry-preview-argtypes';
import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { getDocgenSection } from 'storybook/internal/docs-tools';
import { waitFor } from 'storybook/test';
import { createHttpAdapter } from '../src/adapter/index.js';
import type { InsuranceMessages } from '../src/hooks/index.js';
import { createInsuranceQueryClient, InsuranceProvider } from '../src/hooks/index.js';
import { expectShown } from '../stories/support/expectShown.js';
import { hostedPages } from '../stories/support/hostedPages.js';
import type { StoryState } from '../stories/support/StoryState.js';
import { jsdocToMarkdown } from './jsdocToMarkdown.js';
import './preview.css';

// The library's stylesheets in the order scripts/buildStyles.mjs concatenates them into
// dist/styles.css: the theme, then each component's and each flow's. Eager globs are hoisted
// above every import, in the order they are written, so the theme is a glob too.
import.meta.glob('../src/styles.css', { eager: true });
import.meta.glob(['../src/components/*/*.css', '../src/flows/*/*.css'], { eager: true });

/** Story parameters read by the provider decorator. */
export interface InsuranceStoryParameters {
  /** UI texts overriding the components' defaults, by message id. */
  messages?: InsuranceMessages;
}

const adapter = createHttpAdapter({ baseUrl: '/api/insurance' });

function StoryProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: InsuranceMessages | undefined;
  children: ReactNode;
}) {
  // A fresh cache per story (the decorator keys this by story id): no data leaks between stories.
  // Errors show at once: a story is about the state, not about the retry policy.
  const [queryClient] = useState(() =>
    createInsuranceQueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  );
  return (
    <InsuranceProvider
      adapter={adapter}
      queryClient={queryClient}
      locale={locale}
      {...(messages ? { messages } : {})}
    >
      {children}
    </InsuranceProvider>
  );
}

/** The presets of styles.css a story can be shown in (the toolbar's Preset switch). */
const PRESETS = new Set(['flat', 'high-contrast']);

const withInsurance: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  // The default preset is the absence of the attribute, as on a host page.
  const preset = PRESETS.has(context.globals.preset) ? context.globals.preset : undefined;
  const locale = typeof context.globals.locale === 'string' ? context.globals.locale : 'en-US';
  const { messages } = (context.parameters.insurance ?? {}) as InsuranceStoryParameters;
  const promised = (context.parameters.lir as StoryState | undefined)?.state;
  return (
    <div
      className="sb-lir-canvas"
      data-lir-theme={theme}
      data-lir-preset={preset}
      data-story-state={promised}
    >
      <StoryProvider key={context.id} locale={locale} messages={messages}>
        <Story />
      </StoryProvider>
    </div>
  );
};

/** The root of a story's component: the first `.lir-root` in it. */
const storyRoot = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-root[data-state]');

/**
 * After every play: the story's component is in the state the story promises
 * (`parameters.lir.state`). A story that promises none fails: the Docs-page and visual tests
 * need to know what each story shows.
 */
const checkPromisedState = async ({
  canvasElement,
  parameters,
}: {
  canvasElement: HTMLElement;
  parameters: { lir?: StoryState };
}) => {
  const state = parameters.lir?.state;
  if (!state) throw new Error('The story promises no state: give it `parameters.lir.state`.');
  await waitFor(() => expectShown(storyRoot(canvasElement), state), {
    timeout: 10_000,
  });
};

const preview: Preview = {
  // Starts the MSW worker once; sets each story's handlers. The worker script is
  // public/storybookServiceWorker.js: MSW's (public/mockServiceWorker.js), plus the sandbox's
  // hosted pages (the retrieval frame), answered by this window's story sandboxes. Its URL is
  // relative to the page (BASE_URL is './' in the build): found under a subpath too.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      const registration = await worker.start({
        quiet: true,
        serviceWorker: { url: `${import.meta.env.BASE_URL}storybookServiceWorker.js` },
        // An API call no handler answers is a bug in the story; everything else (Vite's modules,
        // Storybook's assets) goes to the network as usual.
        onUnhandledRequest(request, print) {
          const { pathname } = new URL(request.url);
          if (pathname.startsWith('/api/') || pathname.startsWith('/sandbox/')) print.error();
        },
      });
      if (registration) hostedPages(registration);
      return worker;
    }),
  ],
  decorators: [withInsurance],
  afterEach: checkPromisedState,
  globalTypes: {
    preset: {
      description: 'Appearance preset of styles.css (`data-lir-preset`)',
      toolbar: {
        title: 'Preset',
        icon: 'paintbrush',
        items: [
          { value: 'default', title: 'Default' },
          { value: 'flat', title: 'Flat' },
          { value: 'high-contrast', title: 'High contrast' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour scheme of the default theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Locale for money and dates (InsuranceProvider `locale`)',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en-US', title: 'English (US)' },
          { value: 'es-US', title: 'Español (US)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', preset: 'default', locale: 'en-US' },
  parameters: {
    layout: 'padded',
    // Every story is checked with axe; a violation fails it (in the Vitest run and in CI).
    a11y: { test: 'error' },
    controls: { expanded: true },
    // react-docgen hands JSDoc over as written: its tags and {@link}s become Markdown (examples as
    // code blocks, links as links). Props start again from the comment as written, since
    // Storybook's own reading drops their block tags.
    docs: {
      extractComponentDescription: (component: unknown) =>
        jsdocToMarkdown(reactDocs.docs.extractComponentDescription(component)),
      extractArgTypes: (component: unknown) => {
        const argTypes = reactDocs.docs.extractArgTypes(component);
        const written: Record<string, { description?: string }> =
          getDocgenSection(component, 'props') ?? {};
        for (const [name, argType] of Object.entries(argTypes ?? {})) {
          const description = written[name]?.description || argType.description;
          if (!description) continue;
          // The tags are in the Markdown now: Storybook's table of them would repeat them.
          const table = { ...argType.table, jsDocTags: undefined };
          Object.assign(argType, { description: jsdocToMarkdown(description), table });
        }
        return argTypes;
      },
    },
    // The documentation pages first (Getting started on top), then the flow, the components and
    // the theming playground.
    options: {
      storySort: {
        order: [
          'Docs',
          ['Getting started', 'Flows', 'Theming', 'Accessibility', 'Localization', 'Testing kit'],
          'Flows',
          'Components',
          'Theming',
        ],
      },
    },
  },
};

export default preview;
