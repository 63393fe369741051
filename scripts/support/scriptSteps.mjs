// The steps, checks and commands of the scripts that try the packed package in real apps
// (scripts/consumerBuild.mjs, scripts/examples.mjs). Each check prints `ok: …`, each step its
// time; the first failed check ends the run with its message.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (with a trailing separator). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The library's package.json (its name and version are what the apps install). */
export const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** @type {Array<[name: string, ms: number]>} Every step run so far, with its duration. */
const timings = [];

/**
 * Runs one named step, timing it.
 * @template T
 * @param {string} name
 * @param {() => T | Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function step(name, fn) {
  console.log(`\n--- ${name}`);
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const ms = performance.now() - start;
    timings.push([name, ms]);
    console.log(`    (${(ms / 1000).toFixed(1)} s)`);
  }
}

/** A failed check: the run ends printing its message (the reason, not a stack). */
export class CheckFailure extends Error {}

/**
 * Prints `ok: message`, or fails the run with it (and `detail` below it).
 * @param {unknown} condition
 * @param {string} message
 * @param {string} [detail]
 */
export function check(condition, message, detail = '') {
  if (!condition) throw new CheckFailure(`${message}${detail ? `\n${detail}` : ''}`);
  console.log(`ok: ${message}`);
}

/**
 * The environment of child processes: without the `npm_*` variables `npm run` sets (config of
 * the library's own run) and without the library's node_modules/.bin on PATH, so every tool that
 * runs in an app is the app's own. A script may narrow it further before it starts anything.
 * @type {NodeJS.ProcessEnv}
 */
export const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)),
);
childEnv.PATH = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.endsWith(join('node_modules', '.bin')))
  .join(delimiter);

/**
 * Runs a command in `childEnv` (plus `env`); fails the run (showing its output) unless it exits
 * with code 0.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options] `cwd` defaults to the root.
 * @returns {{ stdout: string, output: string }} its standard output, and both outputs together
 */
export function run(command, args, { cwd, env } = {}) {
  // A script passed inline (`node -e …`) would flood the log.
  const shown = `${command} ${args.map((a) => (a.includes('\n') ? '<script>' : a)).join(' ')}`;
  console.log(`$ ${shown}${cwd && cwd !== ROOT ? `   (in ${cwd})` : ''}`);
  const result = spawnSync(command, args, {
    cwd: cwd ?? ROOT,
    env: { ...childEnv, ...env },
    encoding: 'utf8',
    input: '', // never a TTY: anything that prompts reads EOF instead of hanging
    maxBuffer: 64 * 1024 * 1024,
    timeout: 5 * 60_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.error || result.status !== 0) {
    throw new CheckFailure(
      `${shown} exited with ${result.error ? result.error.message : `code ${result.status}`}\n${output.trim()}`,
    );
  }
  return { stdout: result.stdout ?? '', output };
}

/**
 * Parses a tsconfig-style file: JSON plus comments and trailing commas.
 * @param {string} file
 */
export function readJsonc(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(text);
}

/**
 * Writes `value` as JSON the way npm and editors do (two spaces, a final newline).
 * @param {string} file
 * @param {unknown} value
 */
export const writeJson = (file, value) => writeFile(file, `${JSON.stringify(value, null, 2)}\n`);

/**
 * Every file under `dir`, relative to it.
 * @param {string} dir
 * @param {string} [prefix]
 * @returns {string[]}
 */
export function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/**
 * Prints why the run failed: a failed check's message, or the stack of anything else.
 * @param {unknown} error
 */
export function printFailure(error) {
  console.error(`\nFAILED: ${error instanceof CheckFailure ? error.message : error?.stack}`);
}

/** Prints each step's duration and the total. */
export function printTimings() {
  console.log('\ntimings:');
  for (const [name, ms] of timings)
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  const total = timings.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`  ${(total / 1000).toFixed(1).padStart(6)} s  total`);
}
