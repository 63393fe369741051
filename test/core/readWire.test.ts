import { describe, expect, it } from 'vitest';
import { answerShapes } from '../../src/core/wire/answerShapes.js';
import type { WireDrop } from '../../src/core/wire/readWire.js';
import { readWire } from '../../src/core/wire/readWire.js';

const policy = answerShapes.getPolicy;

function read(value: unknown, unknown: 'keep' | 'drop' = 'keep') {
  const dropped: Array<[string, WireDrop]> = [];
  const reading = readWire(value, policy, {
    unknown,
    onDrop: (field, reason) => dropped.push([field, reason]),
  });
  return { reading, dropped };
}

describe('readWire, the tolerant reader of service answers', () => {
  it('L1: converts what it can, leaves out what it cannot, and says which field and why', () => {
    const { reading, dropped } = read({
      id: 'pol_1',
      premium: '1,412.50',
      termLength: Number.NaN,
      policyNumber: 2291734,
      status: { code: 'ACTIVE' },
      cancellationDate: null,
      coverages: { a: { included: 'true', amount: '385000' }, note: { text: 'x' } },
      documents: [
        { id: 7, url: 'https://cdn.example/eoi.pdf' },
        { id: 'dec', url: null },
        'not a document',
      ],
    });
    expect(reading).toEqual({
      ok: true,
      value: {
        id: 'pol_1',
        premium: 1412.5,
        policyNumber: '2291734',
        // Kept for the server's code: an entry of an open map with fields it does not know.
        coverages: [{ a: { included: true, amount: 385_000 }, note: { text: 'x' } }],
        documents: [
          { id: '7', url: 'https://cdn.example/eoi.pdf', name: 'Document', type: 'document' },
        ],
      },
    });
    expect(dropped).toEqual([
      ['termLength', 'unreadable'],
      ['status', 'unreadable'],
      ['documents', 'item'],
      ['documents', 'item'],
    ]);
  });

  it('L2: keeps fields it does not know for the server, and drops them for the browser', () => {
    const answer = { id: 'pol_1', underwritingScore: 3, documents: [] };
    expect(read(answer).reading).toEqual({ ok: true, value: answer });
    expect(read(answer, 'drop').reading).toEqual({
      ok: true,
      value: { id: 'pol_1', documents: [] },
    });
  });

  it('L3: refuses an answer whose identity it cannot read, and fills one left out from the path', () => {
    expect(read({ id: 5150 }).reading).toEqual({ ok: false, field: 'id' });
    expect(read({ id: '../policies' }).reading).toEqual({ ok: false, field: 'id' });
    expect(readWire({ id: null }, policy, { unknown: 'keep', fill: { id: 'pol_9' } })).toEqual({
      ok: true,
      value: { id: 'pol_9', documents: [] },
    });
    expect(read([]).reading).toEqual({ ok: false, field: '' });
  });

  it('never creates a prototype key, at any depth', () => {
    const answer = JSON.parse(
      '{"id":"pol_1","__proto__":{"admin":true},"coverages":[{"constructor":{"amount":1}}]}',
    );
    const { reading } = read(answer);
    expect(reading.ok && Object.hasOwn(reading.value, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(reading.ok && reading.value.coverages).toEqual([{}]);
  });

  it('returns what it read as sent without copying it, and copies only what changed', () => {
    const documents = [
      { id: 'd1', name: 'EOI', type: 'eoi_document', url: 'https://cdn.example/a' },
    ];
    const answer = { id: 'pol_1', carrier: 'Acme', documents };
    const same = read(answer).reading;
    expect(same.ok && same.value).toBe(answer);
    const changed = read({ ...answer, premium: '10' }).reading;
    expect(changed.ok && changed.value.documents).toBe(documents);
  });
});
