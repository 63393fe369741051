// Profiles the BFF's process under load, warm code only: `tsx test/bench/efficiency/profile.ts
// [reads|webhooks]` writes `bff-0.cpuprofile` (V8's format, as `node --cpu-prof` writes) to
// BENCH_PROFILE (default: a new folder under the system's temporary one, printed) and prints its
// top self-time functions.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hmacSha256Hex } from '../../../src/core/hmacSha256Hex.js';
import { API, BENCH_SECRET, CSRF, SESSION_HEADER, WEBHOOK_PATH } from './protocol.js';
import { runAutocannon } from './runAutocannon.js';
import { startServer } from './startServer.js';

const what = process.argv[2] ?? 'reads';
// A folder of its own unless one is named, so two runs at once never overwrite each other.
const dir = process.env.BENCH_PROFILE ?? mkdtempSync(join(tmpdir(), 'bff-profile-'));
mkdirSync(dir, { recursive: true });
const upstream = await startServer('upstream');
const loanId = upstream.loanId ?? '';
process.env.BENCH_PROFILE = dir;
const bff = await startServer('bff', { upstream: upstream.origin, loanIds: [loanId] });
delete process.env.BENCH_PROFILE;

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
async function deliveries(count: number, from: number) {
  const send = async (i: number) => {
    const body = JSON.stringify({
      id: `evt_profile_${i}`,
      type: 'loan.shopped',
      objectType: 'loan',
      occurredAt: new Date().toISOString(),
      data: { loanId, partnerId: 'ptn_bench' },
    });
    const signature = await hmacSha256Hex(BENCH_SECRET, body);
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${bff.origin}${WEBHOOK_PATH}`,
        {
          method: 'POST',
          agent,
          headers: { 'Content-Type': 'application/json', 'X-Service-Signature-1': signature },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error('refused'))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
  let next = from;
  const end = from + count;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < end) await send(next++);
    }),
  );
}

const reads = (seconds: number) =>
  runAutocannon(
    `${bff.origin}${API}/loans/${loanId}/display`,
    { [SESSION_HEADER]: 'profile', [CSRF.name]: CSRF.value },
    32,
    seconds,
  );

if (what === 'reads') await reads(3);
else await deliveries(1_000, 0);
await bff.ask({ cmd: 'cpu-start' }, 'cpu-started');
if (what === 'reads') console.log(`${(await reads(8)).rps.toFixed(0)} req/s`);
else await deliveries(4_000, 1_000);
await bff.ask({ cmd: 'cpu-stop' }, 'cpu');
agent.destroy();
await bff.stop();
await upstream.stop();
console.log(`profile: ${dir}/bff-0.cpuprofile`);
spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    new URL('./topFunctions.ts', import.meta.url).pathname,
    `${dir}/bff-0.cpuprofile`,
    '40',
  ],
  { stdio: 'inherit' },
);
