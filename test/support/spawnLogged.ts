import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';

/** How a process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process whose standard output and error are collected. */
export interface LoggedProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves on 'close' rather than 'exit', so every byte written before exiting has been read. */
  exited: Promise<Exit>;
  /** The first match of `pattern` in the output, waiting up to `ms`; fails if the process ends. */
  waitForOutput(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
}

/** Spawns a process (in the repository root by default) and collects what it prints. */
export function spawnLogged(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): LoggedProcess {
  const child = spawn(command, args, {
    cwd: new URL('../../', import.meta.url),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  let ended = false;
  const exited = new Promise<Exit>((resolve) =>
    child.on('close', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  return {
    child,
    output: () => out,
    exited,
    async waitForOutput(pattern, ms = 25_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const match = pattern.exec(out);
        if (match) return match;
        if (ended) throw new Error(`exited before printing ${pattern}:\n${out}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern} in:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
