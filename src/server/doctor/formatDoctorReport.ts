import type { DoctorCheck, DoctorReport } from './DoctorReport.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;
const TITLE_WIDTH = 18;
const INDENT = ' '.repeat(2 + 4 + 2 + TITLE_WIDTH);

function lines(check: DoctorCheck): string[] {
  const head = `  ${LABEL[check.status]}  ${check.title.padEnd(TITLE_WIDTH)}${check.detail ?? ''}`;
  if (check.problems && check.problems.length > 0) {
    return [
      head,
      ...check.problems.flatMap((p) => [`${INDENT}${p.message}`, `${INDENT}  fix: ${p.fix}`]),
    ];
  }
  return check.fix && check.status === 'fail' ? [head, `${INDENT}fix: ${check.fix}`] : [head];
}

function summary(report: DoctorReport): string {
  const count = (status: DoctorCheck['status']) =>
    report.checks.filter((check) => check.status === status).length;
  const failed = count('fail');
  const skipped = count('skip');
  const skips = skipped > 0 ? `, ${skipped} skipped` : '';
  if (failed === 0) return `No check failed (${count('pass')} passed${skips}).`;
  return `${failed} check${failed === 1 ? '' : 's'} failed${skips}: fix ${failed === 1 ? 'it' : 'them'} and run the doctor again.`;
}

/**
 * The doctor's report as the command prints it: one line per check (PASS, FAIL or SKIP, its
 * title, what was found), under each failure the fix, then a summary line.
 */
export function formatDoctorReport(report: DoctorReport): string {
  return `${[...report.checks.flatMap(lines), '', summary(report)].join('\n')}\n`;
}
