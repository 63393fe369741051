import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { LoggedProcess } from '../support/spawnLogged.js';
import { spawnLogged } from '../support/spawnLogged.js';

/** Where screenshots go (git-ignored). */
export const ARTIFACTS = new URL('../../e2e-artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The demo's client secret for the run (`SERVICE_CLIENT_SECRET`), searched for in browser traffic. */
export const CLIENT_SECRET = `e2e-${randomBytes(24).toString('base64url')}`;
export const TOKEN = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/**
 * Starts the borrower-portal demo (`npm start`) on a free port, quoting in 1.5 s, with
 * {@link CLIENT_SECRET} as the service's client secret and `env` on top. Read where it answers
 * with {@link demoOrigins}.
 */
export function startDemo(env: NodeJS.ProcessEnv = {}): LoggedProcess {
  return spawnLogged('npm', ['start'], {
    env: {
      ...process.env,
      PORT: '0',
      DEMO_QUOTE_DELAY_MS: '1500',
      // Every test opens fresh browser contexts, each a new session, all from 127.0.0.1.
      DEMO_SESSIONS_PER_ADDRESS: '1000',
      SERVICE_CLIENT_SECRET: CLIENT_SECRET,
      ...env,
    },
  });
}

/** Where a started demo answers, as it prints it. */
export interface DemoOrigins {
  /** The borrower portal's. */
  origin: string;
  /** The sandbox service's. */
  serviceOrigin: string;
  /** Where the sandbox serves documents and carrier logos: another origin, as the CDN is. */
  assetOrigin: string;
}

/** Waits for a demo ({@link startDemo}) to print its portal's, service's and asset origins. */
export async function demoOrigins(server: LoggedProcess): Promise<DemoOrigins> {
  const portal = await server.waitForOutput(
    /Borrower portal demo: (http:\/\/127\.0\.0\.1:\d+)\//,
    90_000,
  );
  const sandbox = await server.waitForOutput(/service\s+sandbox at (http:\/\/\S+)/, 10_000);
  const assets = await server.waitForOutput(/assets\s+documents and carrier logos from (\S+)/);
  return {
    origin: portal[1] as string,
    serviceOrigin: new URL(sandbox[1] as string).origin,
    assetOrigin: assets[1] as string,
  };
}

/** Stops a demo that still runs (SIGTERM), and expects it to have exited 0. */
export async function stopDemo(server: LoggedProcess | undefined): Promise<void> {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
  }
}

export async function shot(page: Page, test: string, step: string): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}${test}-${step}.png`, fullPage: true });
}

/** Runs axe on the page (not in iframes) and returns its violations, summarised. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, { iframes: false });
    return result.violations.map(
      (v: { id: string; nodes: Array<{ target: unknown }> }) =>
        `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  });
}

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  postData: string;
}

interface RecordedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * Paths of the service's origin that are made for browsers, as a real service's are: the hosted
 * carrier sign-in page (the retrieval dialog's iframe), the hosted quote display and the contact
 * page. Carrier logos and signed documents come from the sandbox's asset origin (another origin,
 * as the service's CDN is). Anything else there (above all its API) must never be called.
 */
export const BROWSER_FACING_SERVICE_PATHS = /^\/sandbox\/(retrieve|display|contact|s)\//;

/**
 * Records every request a context's pages (popups and frames included) make and every answer,
 * with the bodies of text answers from the portal's and the service's origins.
 */
export function recordTraffic(context: BrowserContext, origin: string, serviceOrigin: string) {
  const requests: Recorded[] = [];
  const responses: RecordedResponse[] = [];
  const pending: Promise<void>[] = [];
  context.on('request', (request: Request) => {
    requests.push({
      url: request.url(),
      method: request.method(),
      headers: request.headers(),
      postData: request.postData() ?? '',
    });
  });
  context.on('response', (response: Response) => {
    const headers = response.headers();
    const entry: RecordedResponse = {
      url: response.url(),
      status: response.status(),
      headers,
      body: undefined,
    };
    responses.push(entry);
    const type = headers['content-type'] ?? '';
    const textual = /^(text\/(?!event-stream)|application\/(json|javascript))/.test(type);
    const url = response.url();
    const ours = url.startsWith(`${origin}/`) || url.startsWith(`${serviceOrigin}/`);
    if (ours && textual && response.status() < 300) {
      pending.push(
        response.text().then(
          (body) => {
            entry.body = body;
          },
          () => undefined,
        ),
      );
    }
  });
  return {
    requests,
    responses,
    /** Requests to the service's browser-facing pages and files (allowed), as `METHOD path`. */
    serviceRequests(): string[] {
      return requests
        .filter((r) => r.url.startsWith(`${serviceOrigin}/`))
        .map((r) => `${r.method} ${new URL(r.url).pathname}`);
    },
    /** Every problem: a request to the service's API, a secret or token in either direction. */
    async problems(): Promise<string[]> {
      await Promise.all(pending);
      const found: string[] = [];
      const leaks = (text: string) => text.includes(CLIENT_SECRET) || TOKEN.test(text);
      for (const r of requests) {
        const url = new URL(r.url);
        if (url.origin === serviceOrigin && !BROWSER_FACING_SERVICE_PATHS.test(url.pathname)) {
          found.push(`request to the service: ${r.method} ${r.url}`);
        }
        if (leaks(r.url) || leaks(JSON.stringify(r.headers)) || leaks(r.postData)) {
          found.push(`secret or token in request: ${r.method} ${r.url}`);
        }
      }
      for (const r of responses) {
        if (leaks(JSON.stringify(r.headers))) found.push(`secret or token in headers of ${r.url}`);
        if (r.body !== undefined && leaks(r.body))
          found.push(`secret or token in body of ${r.url}`);
      }
      return found;
    },
  };
}

/** A viewport and a color scheme: every step of the flow is checked in each of the four. */
export interface Look {
  name: string;
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
}

/** The narrowest phone the portal supports: nothing may scroll sideways at this width. */
export const PHONE_WIDTH = 390;

export const PHONE_LIGHT: Look = {
  name: 'phone-light',
  width: PHONE_WIDTH,
  height: 844,
  colorScheme: 'light',
};
export const PHONE_DARK: Look = {
  name: 'phone-dark',
  width: PHONE_WIDTH,
  height: 844,
  colorScheme: 'dark',
};
export const DESKTOP_LIGHT: Look = {
  name: 'desktop-light',
  width: 1280,
  height: 900,
  colorScheme: 'light',
};
export const DESKTOP_DARK: Look = {
  name: 'desktop-dark',
  width: 1280,
  height: 900,
  colorScheme: 'dark',
};
export const LOOKS: readonly Look[] = [PHONE_LIGHT, PHONE_DARK, DESKTOP_LIGHT, DESKTOP_DARK];

/** How wide the page's content is: wider than the viewport means it scrolls sideways. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
}

/**
 * Records the uncaught exceptions and console errors of a context's pages (frames included).
 * `allow` excuses console errors a test expects, such as the 401 of a refused carrier sign-in.
 */
export function recordErrors(context: BrowserContext) {
  const found: string[] = [];
  const allowed: RegExp[] = [];
  context.on('weberror', (error) => {
    found.push(`uncaught: ${error.error().message}`);
  });
  context.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // Chromium asks every origin for a favicon on its own; the portal's pages do not.
    if (message.location().url.endsWith('/favicon.ico')) return;
    const text = `${message.text()} (${message.location().url})`;
    if (!allowed.some((pattern) => pattern.test(text))) found.push(`console error: ${text}`);
  });
  return {
    allow(pattern: RegExp): void {
      allowed.push(pattern);
    },
    list: (): string[] => [...found],
  };
}
