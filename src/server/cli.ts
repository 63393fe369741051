// The `lender-insurance-react` command: `doctor` checks a set-up with the server's environment.
// A thin layer over runDoctor (which reads the environment with readServiceEnv's rules).
import { parseArgs } from 'node:util';
import { formatDoctorReport } from './doctor/formatDoctorReport.js';
import { runDoctor } from './doctor/runDoctor.js';

const USAGE = `Usage: lender-insurance-react doctor [options]

Checks this server's set-up against the insurance service, with the environment the server
runs with: SERVICE_BASE_URL, SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET, SERVICE_PARTNER_ID,
SERVICE_ROUTES, WEBHOOK_SECRET, WEBHOOK_HEADER_PREFIX, WEBHOOK_BASIC_AUTH_USERNAME,
WEBHOOK_BASIC_AUTH_PASSWORD, REDIS_URL. It gets a token, makes one read that changes nothing
and is not rate limited, and sends your webhook receiver a signed test event.

Options:
  --webhook-url URL   your receiver's URL, as registered with the service (default WEBHOOK_URL)
  --env-file PATH     read variables from this file first (variables already set win)
  --timeout-ms N      time for each request, 1 to 20000 (default 5000)
  --json              print the report as JSON
  -h, --help          show this help

Exit code: 0 when no check failed, 1 when one did, 2 on a usage error.
`;

function usageError(message: string): never {
  console.error(`lender-insurance-react: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function finish(text: string, code: number): void {
  // Exit once the report is written: a pipe may still hold it when exit() runs.
  process.stdout.write(text, () => process.exit(code));
}

const [command, ...rest] = process.argv.slice(2);
if (command === '-h' || command === '--help' || command === 'help') {
  finish(USAGE, 0);
} else if (command === undefined) {
  usageError('name a command');
} else if (command !== 'doctor') {
  usageError(`unknown command ${JSON.stringify(command.slice(0, 40))}`);
} else {
  const { values } = (() => {
    try {
      return parseArgs({
        args: rest,
        options: {
          'webhook-url': { type: 'string' },
          'env-file': { type: 'string' },
          'timeout-ms': { type: 'string' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
        allowPositionals: false,
      });
    } catch (error) {
      return usageError(error instanceof Error ? error.message : String(error));
    }
  })();
  if (values.help) {
    finish(USAGE, 0);
  } else {
    for (const [name, value] of Object.entries(values)) {
      if (value === '') usageError(`--${name} needs a value`);
    }
    const rawTimeout = values['timeout-ms'];
    if (rawTimeout !== undefined && !/^\d{1,5}$/.test(rawTimeout)) {
      usageError('--timeout-ms must be a whole number of milliseconds');
    }
    const timeoutMs = rawTimeout === undefined ? undefined : Number(rawTimeout);
    if (timeoutMs !== undefined && (timeoutMs < 1 || timeoutMs > 20_000)) {
      usageError('--timeout-ms must be from 1 to 20000');
    }
    const envFile = values['env-file'];
    if (envFile !== undefined) {
      try {
        process.loadEnvFile(envFile);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        usageError(`cannot read --env-file ${JSON.stringify(envFile)}${code ? ` (${code})` : ''}`);
      }
    }
    const report = await runDoctor({
      env: process.env,
      ...(values['webhook-url'] === undefined ? {} : { webhookUrl: values['webhook-url'] }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const text = values.json
      ? `${JSON.stringify(report, null, 2)}\n`
      : `lender-insurance-react doctor\n\n${formatDoctorReport(report)}`;
    finish(text, report.ok ? 0 : 1);
  }
}
