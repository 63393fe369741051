// The browser and flags live in chromium.mjs, which scripts run by Node alone import as well.
export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
