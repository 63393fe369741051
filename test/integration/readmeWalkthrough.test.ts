import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_PATH } from '../../src/testing/index.js';
import type { LoggedProcess } from '../support/spawnLogged.js';
import { spawnLogged } from '../support/spawnLogged.js';

// Runs the README's curl walk-through, exactly as written, against the sandbox started the way
// the README starts it. Only the base URL differs (a free port, passed in the BASE variable the
// README's first block reads).

const root = new URL('../../', import.meta.url);
const README_SANDBOX_COMMAND = 'npm run sandbox -- --quote-delay-ms 2000';
const START = '<!-- walkthrough:start -->';
const END = '<!-- walkthrough:end -->';

/** The ```bash blocks between the walk-through markers, in order. */
function walkthroughBlocks(readme: string): string[] {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error('README has no walk-through markers');
  const section = readme.slice(start + START.length, end);
  return [...section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

interface Started extends LoggedProcess {
  baseUrl: string;
}

async function startSandbox(args: string[]): Promise<Started> {
  const sandbox = spawnLogged('npm', ['run', 'sandbox', '--', ...args]);
  const [, baseUrl] = await sandbox.waitForOutput(
    /base URL\s+(http:\/\/127\.0\.0\.1:\d+\/lenders)/,
  );
  return { ...sandbox, baseUrl: baseUrl as string };
}

describe('README walk-through', () => {
  let sandbox: Started;
  let workDir: string;

  beforeAll(async () => {
    const readme = await readFile(new URL('README.md', root), 'utf8');
    expect(readme).toContain(README_SANDBOX_COMMAND);
    sandbox = await startSandbox(['--port', '0', '--quote-delay-ms', '2000']);
    workDir = await mkdtemp(join(tmpdir(), 'readme-walkthrough-'));
  }, 30_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
    if (!sandbox || sandbox.child.pid === undefined) return;
    // Only npm gets the signal, as from a process manager; the script's `exec` passes it on.
    process.kill(sandbox.child.pid, 'SIGTERM');
    const exit = await sandbox.exited;
    expect(sandbox.output()).toContain('Received SIGTERM, stopping.');
    expect(exit).toEqual({ code: 0, signal: null });
    await expect(fetch(`${sandbox.baseUrl}/v1/auth/token`, { method: 'POST' })).rejects.toThrow();
  }, 30_000);

  it('runs the curl commands as written and shows each step working', async () => {
    const readme = await readFile(new URL('README.md', root), 'utf8');
    const blocks = walkthroughBlocks(readme);
    expect(blocks.length).toBeGreaterThan(10);
    const script = blocks.join('\n');
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
        cwd: workDir,
        env: { ...process.env, BASE: sandbox.baseUrl },
        timeout: 45_000,
      }));
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      throw new Error(
        `walk-through failed\n--- stdout\n${e.stdout}\n--- stderr\n${e.stderr}\n--- sandbox\n${sandbox.output()}`,
      );
    }

    const lines = stdout.split('\n');
    expect(stdout).toMatch(/^token: eyJ[\w-]+\.\.\.$/m);
    const loanId = /^loan: (\S+)$/m.exec(stdout)?.[1];
    expect(loanId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(stdout).toContain('"consent":true');
    // The shop answer echoes the status before quoting, as the service's documented answer does.
    expect(stdout).toContain('"status":"NOT_YET_RATED","hostedDisplayUrl"');
    expect(lines).toContain('RC1_RATED');
    expect(stdout).toMatch(/^\{"quoteId":"[^"]+","success":true\}$/m);
    expect(stdout).toContain('"code":"consent_required"');
    expect(stdout).toContain('"consent":"tcpa"');
    expect(stdout).toMatch(/"success":true,"taskId":"[^"]+","scheduledAt":"[^"]+T15:00:00\.000Z"/);
    // Two bound policies (Bind_policy + Flood), each read by the id from its event.
    expect(stdout).toMatch(new RegExp(`^policy\\.bound ${loanId} \\S+$`, 'm'));
    expect(stdout).toMatch(/^\S+ FLOOD SBX-FLOOD-\d+ \d+/m);
    expect(stdout).toMatch(/ SBX-\S+ ACTIVE \d{4}-\d{2}-\d{2} \d{4}-\d{2}-\d{2}$/m);
    expect(stdout).toMatch(/^Evidence of insurance http:\S+\?Expires=\d+&Signature=[0-9a-f]+$/m);
    expect(lines).toContain('%PDF-1.4');
    expect((await readFile(join(workDir, 'eoi.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    expect(stdout).toContain('We retrieved 1 policy and shared it with your lender.');
    const policyNumber = /^number (SBX-HO3-\d+)$/m.exec(stdout)?.[1];
    expect(policyNumber).toBeDefined();
    expect(stdout).toMatch(new RegExp(`^\\S+ Harborline Mutual HO3 ${policyNumber}$`, 'm'));
    expect(stdout).toMatch(/^\{"success":true\}\nCLOSED_LOST$/m);

    // What the walk-through did, as the sandbox saw it.
    const tokenResponse = await fetch(`${sandbox.baseUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'sandbox_client', client_secret: 'sandbox_secret' }),
    });
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const eventsResponse = await fetch(new URL(EVENTS_PATH, sandbox.baseUrl), {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    const { events } = (await eventsResponse.json()) as {
      events: { type: string; data: { loanId?: string } }[];
    };
    expect(events.map((e) => e.type)).toEqual([
      'loan.shopped',
      'policy.bound',
      'policy.bound',
      'policy.retrieved',
    ]);
    expect(events.every((e) => e.data.loanId === loanId)).toBe(true);
  }, 60_000);
});
