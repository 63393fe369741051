import type { Server } from 'node:net';

/** What to say, in one line, when the portal cannot listen; undefined for other errors. */
function explain(code: string | undefined, port: number, host: string): string | undefined {
  const other = port === 8080 ? 8081 : 8080;
  const choose = `choose another port, e.g. PORT=${other} npm start (PORT=0 picks a free one)`;
  switch (code) {
    // Also when another process holds the port on 0.0.0.0 or [::], which covers 127.0.0.1.
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop what uses it, or ${choose}.`;
    case 'EACCES':
      return `Port ${port} on ${host} needs privileges this process does not have: ${choose}.`;
    case 'EADDRNOTAVAIL':
      return `The address ${host} is not available on this machine (EADDRNOTAVAIL): the demo listens on loopback only; check this machine's network set-up.`;
    default:
      return undefined;
  }
}

/**
 * Listens on `port` and `host`, or, when the port cannot be had (in use, privileged, or the
 * address missing), prints one line saying what to change and exits with code 1. It runs
 * before anything else starts (the sandbox, Redis, Vite), so nothing else prints and nothing
 * is left to close. Other errors are thrown as they are.
 */
export async function listenOrExit(server: Server, port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const line = explain((error as NodeJS.ErrnoException).code, port, host);
    if (line === undefined) throw error;
    console.error(line);
    process.exit(1);
  }
}
