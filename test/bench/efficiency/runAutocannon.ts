import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** What one load run measured. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx, and errors/timeouts: a valid run has none. */
  non2xx: number;
  errors: number;
}

/**
 * Loads `url` with autocannon 9 in a child process (its own event loop, so the load generator
 * does not share a thread with the server it measures), `connections` keep-alive connections for
 * `seconds`, and reads its JSON result.
 */
export function runAutocannon(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const args = [CLI, '--json', '-n', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        rps: result.requests.total / seconds,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
  });
}
