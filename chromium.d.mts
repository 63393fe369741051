/** The Chromium binary every browser run launches: `CHROMIUM_PATH`, or Debian's. */
export declare const CHROMIUM_PATH: string;

/** The flags every browser run launches Chromium with. */
export declare const CHROMIUM_ARGS: string[];
