import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command, Reply, ServerKind, ServerSettings } from './protocol.js';

const SCRIPT = fileURLToPath(new URL('./servers.ts', import.meta.url));

/** A server of the benchmark running in its own process. */
export interface ServerProcess {
  kind: ServerKind;
  origin: string;
  /** The upstream's rated loan. */
  loanId: string | undefined;
  pid: number | undefined;
  /** Sends a command and waits for the reply of the given kind. */
  ask<K extends Reply['kind']>(command: Command, kind: K): Promise<Extract<Reply, { kind: K }>>;
  stop(): Promise<void>;
}

function waitFor<K extends Reply['kind']>(child: ChildProcess, kind: K) {
  return new Promise<Extract<Reply, { kind: K }>>((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply as Extract<Reply, { kind: K }>);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`server process exited (${code}) before answering ${kind}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Starts `servers.ts` as `kind` in a child Node process with `--expose-gc` (for the memory
 * figures), and `--cpu-prof` (the whole life of the process) when `BENCH_CPU_PROF` names a
 * directory; with `BENCH_PROFILE` it profiles from `cpu-start` to `cpu-stop` instead.
 */
export async function startServer(
  kind: ServerKind,
  settings: ServerSettings = {},
  /** Another checkout of the repository to run the server from (its own `src`). */
  root?: string,
): Promise<ServerProcess> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const script = root ? `${root}/test/bench/efficiency/servers.ts` : SCRIPT;
  const child = fork(script, [kind, JSON.stringify(settings)], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await waitFor(child, 'ready');
  return {
    kind,
    origin: `http://127.0.0.1:${ready.port}`,
    loanId: ready.loanId,
    pid: child.pid,
    ask(command, replyKind) {
      const reply = waitFor(child, replyKind);
      child.send(command);
      return reply;
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ cmd: 'exit' } satisfies Command);
      });
    },
  };
}
