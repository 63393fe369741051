import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { createHttpAdapter } from '../src/adapter/index.js';
import type { InsuranceMessages } from '../src/hooks/index.js';
import { createInsuranceQueryClient, InsuranceProvider } from '../src/hooks/index.js';
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

const withInsurance: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const locale = typeof context.globals.locale === 'string' ? context.globals.locale : 'en-US';
  const { messages } = (context.parameters.insurance ?? {}) as InsuranceStoryParameters;
  return (
    <div className="sb-lir-canvas" data-lir-theme={theme}>
      <StoryProvider key={context.id} locale={locale} messages={messages}>
        <Story />
      </StoryProvider>
    </div>
  );
};

const preview: Preview = {
  // Starts the MSW worker (public/mockServiceWorker.js) once; sets each story's handlers.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        // An API call no handler answers is a bug in the story; everything else (Vite's modules,
        // Storybook's assets) goes to the network as usual.
        onUnhandledRequest(request, print) {
          const { pathname } = new URL(request.url);
          if (pathname.startsWith('/api/') || pathname.startsWith('/sandbox/')) print.error();
        },
      });
      return worker;
    }),
  ],
  decorators: [withInsurance],
  globalTypes: {
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
  initialGlobals: { theme: 'light', locale: 'en-US' },
  parameters: {
    layout: 'padded',
    // Every story is checked with axe; a violation fails it (in the Vitest run and in CI).
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
