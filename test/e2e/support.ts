import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';

/** Where screenshots go (git-ignored). */
export const ARTIFACTS = new URL('../../e2e-artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The demo's client secret for the run (`SERVICE_CLIENT_SECRET`), searched for in browser traffic. */
export const CLIENT_SECRET = `e2e-${randomBytes(24).toString('base64url')}`;
export const TOKEN = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

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
 * carrier sign-in page (the retrieval dialog's iframe), carrier logos, signed document URLs and
 * the hosted quote display. Anything else there (above all its API) must never be called.
 */
export const BROWSER_FACING_SERVICE_PATHS = /^\/sandbox\/(retrieve|logos|documents|display|s)\//;

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
