// Debian's /usr/bin/chromium (apt-get install chromium): Playwright never downloads a browser here.
// Plain JavaScript so that scripts run by Node alone (scripts/examples.mjs) read the same values as
// the TypeScript that imports chromium.ts (the Vitest `storybook` project, the end-to-end test,
// scripts/screenshots.ts).

/** The Chromium binary every browser run launches: `CHROMIUM_PATH`, or Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every browser run launches Chromium with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', // CI runs as root
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // The network is closed: keep Chromium from dialling out for updates, sync and the like.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
