// Debian's /usr/bin/chromium (apt-get install chromium): Playwright never downloads a browser here.
// Shared by the Vitest `storybook` project; scripts/screenshots.ts uses the same flags.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
