import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoggedProcess } from './spawnLogged.js';
import { spawnLogged } from './spawnLogged.js';

/** Debian's `redis-server` (package `redis-server`); `REDIS_SERVER` names another binary. */
const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A `redis-server` of a test's own on 127.0.0.1, with its data in a temporary folder. */
export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGTERM: it writes its append-only file and exits). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data (after `stop`). */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
  /** What it printed since it last started. */
  output(): string;
}

/**
 * Starts `redis-server` on a random port of 127.0.0.1 with append-only persistence synced on
 * every write (as a deployment that must not lose de-duplication records would run it), no
 * snapshots, and nothing read from the machine's own configuration.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'lir-redis-'));
  let process: LoggedProcess | undefined;

  const start = async () => {
    const started = spawnLogged(BINARY, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--daemonize',
      'no',
      '--loglevel',
      'notice',
    ]);
    started.child.on('error', () => undefined);
    process = started;
    try {
      await started.waitForOutput(/Ready to accept connections/, 15_000);
    } catch (error) {
      throw new Error(
        `could not start ${BINARY} (Debian: apt-get install -y redis-server): ${String(error)}`,
      );
    }
  };
  const stop = async () => {
    const running = process;
    process = undefined;
    if (!running || running.child.exitCode !== null) return;
    running.child.kill('SIGTERM');
    await running.exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
    output: () => process?.output() ?? '',
  };
}
