import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError, operations, ServiceError } from '../../src/core/index.js';
import type { WireField, WireObject } from '../../src/core/wire/WireShape.js';
import { responseFields } from '../../src/server/bff/responseFields.js';
import type { BrowserOperation } from './adapterRuns.js';
import type { Step, Variation } from './answerVariations.js';
import { answerVariations, applyVariation, pathName, UNKNOWN_FIELD } from './answerVariations.js';
import type { Outcome } from './readThrough.js';
import { readThrough } from './readThrough.js';
import type { ServiceFixture } from './serviceFixtures.js';
import { loadServiceFixtures } from './serviceFixtures.js';
import { shapeProblems } from './shapeProblems.js';

// Production's answers are looser than the documented ones. Every documented answer of
// test/fixtures/service is varied the ways production varies it (each field null, left out and
// type-drifted; a field the library does not know on every object; an unreadable item in every
// list), and each variation is read by the service client and, through the BFF, by a browser's
// adapter: it is read, or refused with a typed error naming the one field it cannot go without;
// the browser gets only fields the library knows, in the types it promises; nothing else of the
// answer is lost; and a write the service accepted is reported done.

const fixtures = loadServiceFixtures().filter(
  (f) =>
    f.operation !== 'createToken' &&
    operations[f.operation].output !== null &&
    f.response.status !== 204 &&
    f.response.body !== undefined,
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape of the field (or list item) a path leads to; `undefined` below a leaf. */
function shapeAt(shape: WireObject, path: readonly Step[]): WireField | undefined {
  let at: WireField | undefined = shape;
  for (const step of path) {
    if (at === undefined || typeof at === 'string') return undefined;
    if (typeof step === 'number') continue;
    at = Object.hasOwn(at.fields, step) ? at.fields[step] : at.entries;
  }
  return at;
}

/**
 * The leaves of a value by path, list items named by their id when they have one, so an item
 * left out does not shift the names of the others.
 */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const name = isRecord(item) && typeof item.id === 'string' ? `#${item.id}` : String(i);
      leaves(item, `${prefix}.${name}`, out);
    });
  } else if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, `${prefix}.${key}`, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The path in the names `leaves` gives, read against the answer the variation came from. */
function leafPath(original: unknown, path: readonly Step[]): string {
  let node = original;
  let name = '';
  for (const step of path) {
    const inner = (node as Record<string, unknown> | undefined)?.[step as string];
    name +=
      typeof step === 'number' && isRecord(inner) && typeof inner.id === 'string'
        ? `.#${inner.id}`
        : `.${step}`;
    node = inner;
  }
  return name;
}

/** The innermost list item a path goes through, as a path, with the rest of the path. */
function itemOf(path: readonly Step[]): { item: readonly Step[]; rest: readonly Step[] } | null {
  for (let i = path.length - 1; i >= 0; i--) {
    if (typeof path[i] === 'number') return { item: path.slice(0, i + 1), rest: path.slice(i + 1) };
  }
  return null;
}

// The display's selection is said one way whatever way the service said it: a change to one
// way changes those two, by design.
const DERIVED = /(^|\.)(selected|selectedQuoteId)$/;

/** The fields of an answer that must name what was asked about (`id` of a loan read). */
const echoes = (f: ServiceFixture) => Object.keys(operations[f.operation].echoes);
const isWrite = (f: ServiceFixture) => operations[f.operation].upstream?.method !== 'GET';

/**
 * Whether a variation may make the answer unusable: only at a top-level field the answer
 * cannot go without, or at one that names what was asked about, drifted to another value (an
 * answer about another loan, quote or policy: refused, B30).
 */
function mayRefuse(f: ServiceFixture, v: Variation): boolean {
  const shape = responseFields[f.operation as BrowserOperation];
  const [field] = v.path as [string];
  if (v.path.length !== 1) return false;
  if (v.kind === 'drift' && echoes(f).includes(field)) return true;
  if (!shape.required?.includes(field)) return false;
  // A field the path gives (the loan asked about) stands in for one left out, and for a
  // write's that cannot be read.
  const given = echoes(f).includes(field);
  return !given || (v.kind === 'drift' && !isWrite(f));
}

function expectRefusedFor(f: ServiceFixture, v: Variation, outcome: Outcome) {
  if (outcome.ok) return;
  const { error } = outcome;
  const field = String(v.path[0]);
  if (isWrite(f) && (echoes(f).includes(field) || field === 'id')) {
    // A create that does not say what it created, or a write answered about another object:
    // whether it happened to the one asked about is unknown.
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    return;
  }
  expect(error).toMatchObject({ code: 'service_error', status: 502 });
  // The browser learns the code; the server side also learns the field.
  if (error instanceof ServiceError && error.field !== undefined) expect(error.field).toBe(field);
}

/** Every leaf of the first reading kept in the second, but where the variation changed it. */
function expectNothingElseLost(f: ServiceFixture, v: Variation, before: unknown, after: unknown) {
  const shape = responseFields[f.operation as BrowserOperation];
  const changed = leafPath(f.response.body, v.path);
  const item = itemOf(v.path);
  const itemName = item && leafPath(f.response.body, item.item);
  const got = leaves(after);
  const itemGone = itemName !== null && ![...got.keys()].some((k) => k.startsWith(`${itemName}.`));
  for (const [name, value] of leaves(before)) {
    if (name === changed || name.startsWith(`${changed}.`) || DERIVED.test(name)) continue;
    if (item && itemGone && name.startsWith(`${itemName}.`)) {
      // The whole item is gone: only for a field it cannot go without (a quote's id).
      const required = (shapeAt(shape, item.item) as WireObject | undefined)?.required ?? [];
      expect(required, `${pathName(v.path)} dropped ${itemName}`).toContain(item.rest[0]);
      continue;
    }
    expect(got.get(name), `${v.kind} at ${pathName(v.path)} lost ${name}`).toEqual(value);
  }
}

/**
 * What the variation itself became: a field the library does not know or an unreadable item is
 * as if never sent; the right value in the wrong type reads back as the documented value; `null`
 * and a left-out field are absent (or the field's empty value, `''` or `[]`).
 */
function expectChangeReadBack(f: ServiceFixture, v: Variation, before: unknown, after: unknown) {
  const what = `${v.kind} at ${pathName(v.path)}`;
  if (v.kind === 'unknown' || v.kind === 'badItem') {
    expect(after, what).toEqual(before);
    return;
  }
  const shape = responseFields[f.operation as BrowserOperation];
  const kind = shapeAt(shape, v.path);
  const name = leafPath(f.response.body, v.path);
  const was = leaves(before).get(name);
  const now = leaves(after).get(name);
  if (v.kind === 'drift') {
    const original = v.path.reduce<unknown>(
      (node, step) => (node as never)?.[step],
      f.response.body,
    );
    const reversible =
      typeof original === 'number' ||
      typeof original === 'boolean' ||
      (typeof original === 'string' && original.trim() !== '' && Number.isFinite(Number(original)));
    if (reversible && (kind === 'text' || kind === 'number' || kind === 'boolean')) {
      expect(now, what).toEqual(was);
    }
    return;
  }
  // A top-level id the path gives is the loan (or policy) asked about.
  if (v.path.length === 1 && echoes(f).includes(v.path[0] as string)) {
    expect(now === undefined || now === was, what).toBe(true);
    return;
  }
  // The selected quote given whole comes back from there when its copy in the list is lost.
  if (f.operation === 'getQuoteDisplay' && v.path[0] === 'quotes') return;
  const parent = shapeAt(shape, v.path.slice(0, -1));
  const empty = typeof parent === 'object' ? parent.defaults?.[v.path.at(-1) as string] : undefined;
  if (typeof kind === 'string' && now !== undefined) expect(['', null, empty], what).toContain(now);
}

describe.each(fixtures)('variations of $file', (fixture) => {
  const variations = answerVariations(fixture.response.body);
  const shape = responseFields[fixture.operation as BrowserOperation];
  const write = isWrite(fixture);

  it('L1, L2, L3, L4: each single variation is read (or refused naming its field), reaches the browser in the promised shape, loses nothing else, and a write stays done', async () => {
    const documented = await readThrough(fixture, fixture.response.body);
    if (!documented.browser.ok) throw documented.browser.error;
    expect(shapeProblems(documented.browser.value, shape)).toEqual([]);
    for (const v of variations) {
      const { direct, browser } = await readThrough(fixture, v.body);
      const what = `${v.kind} at ${pathName(v.path)}`;
      if (!mayRefuse(fixture, v)) {
        expect(direct.ok ? 'read' : direct.error, `the service client, ${what}`).toBe('read');
        expect(browser.ok ? 'read' : browser.error, `the browser, ${what}`).toBe('read');
      }
      expectRefusedFor(fixture, v, direct);
      expectRefusedFor(fixture, v, browser);
      if (!browser.ok) continue;
      expect(shapeProblems(browser.value, shape), what).toEqual([]);
      expect(JSON.stringify(browser.value), what).not.toContain(UNKNOWN_FIELD);
      expectNothingElseLost(fixture, v, documented.browser.value, browser.value);
      expectChangeReadBack(fixture, v, documented.browser.value, browser.value);
    }
    // Identity stays strict: a read's id of the wrong type is refused, not guessed.
    if (!write && shape.required?.includes('id')) {
      const drifted = variations.find((v) => v.kind === 'drift' && pathName(v.path) === 'id');
      if (drifted) expect((await readThrough(fixture, drifted.body)).direct.ok).toBe(false);
    }
  }, 120_000);

  // Only answers with two or more variations to combine (`{}` has one); no test for the others.
  const combinable = variations.length >= 2 ? it : () => undefined;
  combinable(
    'L5: several variations at once still reach the browser in the promised shape',
    async () => {
      const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 0, max: variations.length - 1 }), {
            minLength: 2,
            maxLength: Math.min(5, variations.length),
          }),
          async (picks) => {
            // Applied one over the other, in the order picked.
            let body = fixture.response.body;
            for (const pick of picks) {
              const v = variations[pick] as Variation;
              body = applyVariation(body, v);
            }
            const { browser } = await readThrough(fixture, body);
            if (!browser.ok) {
              expect(browser.error).toMatchObject({ status: 502 });
              return;
            }
            expect(shapeProblems(browser.value, shape)).toEqual([]);
            expect(JSON.stringify(browser.value)).not.toContain(UNKNOWN_FIELD);
          },
        ),
        { numRuns: 25, seed },
      );
    },
    120_000,
  );
});
