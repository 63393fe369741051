import { describe, expect, it } from 'vitest';
import { MAX_ISSUES } from '../../../src/server/bff/errorToResponse.js';
import { exceedsJsonDepth } from '../../../src/server/bff/exceedsJsonDepth.js';
import { loanApplication, setup } from './helpers.js';

/** A request body stream without Content-Length (chunked), in pieces of `chunk` bytes. */
function chunked(text: string, chunk = 8192): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

describe('request bodies', () => {
  it('B8: mass assignment: partner_id, status, premium, lenderId (top level and nested) never reach the client', async () => {
    const { send, calls } = setup();
    const app = loanApplication();
    const res = await send('POST', '/loans', {
      body: {
        ...app,
        partner_id: 'other_partner',
        status: 'CLOSED_WON',
        premium: 1,
        lenderId: 'L2',
        borrowers: [{ ...app.borrowers[0], partner_id: 'x', status: 'VIP' }],
        property: { ...app.property, premium: 0 },
      },
    });
    expect(res.status).toBe(201);
    expect(calls).toHaveLength(1);
    // What was sent: the schema's fields, plus the external id the BFF assigned (B24).
    expect(calls[0]?.options.body).toEqual({
      ...loanApplication(),
      externalId: expect.stringMatching(/^lir-/),
    });
    const sent = JSON.stringify(calls[0]?.options.body);
    for (const field of ['partner_id', 'status', 'premium', 'lenderId', 'VIP', 'CLOSED_WON']) {
      expect(sent).not.toContain(field);
    }
  });

  it('B8: the consent body keeps only its schema fields, with the id from the path', async () => {
    const { send, calls } = setup();
    const res = await send('POST', '/loans/loan_a1/consent', {
      body: { termsOfServiceId: ' tos-1 ', partner_id: 'p', consent: false, lenderId: 'L2' },
    });
    expect(res.status).toBe(200);
    expect(calls[0]?.options.body).toEqual({ id: 'loan_a1', termsOfServiceId: 'tos-1' });
  });

  it('U1: invalid fields answer 400 with field issues from the shared schema, and nothing is sent', async () => {
    const { send, calls } = setup();
    const app = loanApplication();
    const res = await send('POST', '/loans', {
      body: { ...app, borrowers: [{ ...app.borrowers[0], email: 'nope', phone: '12' }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_error');
    const paths = res.json.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['borrowers.0.email', 'borrowers.0.phone']));
    expect(calls).toEqual([]);
  });

  it('B9: a body of 64 KiB + 1 answers 413, with Content-Length and chunked without it; exactly 64 KiB is read', async () => {
    const { send, calls } = setup();
    const max = 64 * 1024;
    const padded = (size: number) => {
      const json = JSON.stringify(loanApplication());
      return json + ' '.repeat(size - json.length);
    };
    const over = await send('POST', '/loans', { rawBody: padded(max + 1) });
    expect(over.status).toBe(413);
    expect(over.json.error.code).toBe('payload_too_large');
    const overChunked = await send('POST', '/loans', { rawBody: chunked(padded(max + 1)) });
    expect(overChunked.status).toBe(413);
    // A lying Content-Length does not help either.
    const lying = await send('POST', '/loans', {
      rawBody: chunked(padded(max * 4)),
      headers: { 'Content-Length': '10' },
    });
    expect(lying.status).toBe(413);
    expect(calls).toEqual([]);
    const exact = await send('POST', '/loans', { rawBody: padded(max) });
    expect(exact.status).toBe(201);
    const exactChunked = await send('POST', '/loans', { rawBody: chunked(padded(max)) });
    expect(exactChunked.status).toBe(201);
  });

  it('B9: a 1 MB string answers 413 before any parsing', async () => {
    const { send, calls } = setup();
    const res = await send('POST', '/loans', {
      body: { ...loanApplication(), loanNumber: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('B9: JSON nested 10 000 deep answers 400 without overflowing the stack (also inside strings it is only text)', async () => {
    const { send, calls } = setup();
    for (const raw of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      `{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`,
    ]) {
      const res = await send('POST', '/loans', { rawBody: raw });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(/nested too deeply/);
    }
    // Brackets inside a string are text, not depth.
    const inString = await send('POST', '/loans', {
      body: { ...loanApplication(), loanNumber: '['.repeat(1000) },
    });
    expect(inString.status).toBe(400);
    expect(inString.json.error.code).toBe('validation_error');
    expect(calls).toEqual([]);
    expect(exceedsJsonDepth('['.repeat(64) + ']'.repeat(64), 64)).toBe(false);
    expect(exceedsJsonDepth('['.repeat(65) + ']'.repeat(65), 64)).toBe(true);
    expect(exceedsJsonDepth(`["\\"[[[[", ${'['.repeat(3)}]]]]`, 4)).toBe(false);
  });

  it('B9: an array of 10^5 items is 413 at the default cap; with a larger cap the schemas refuse it (400) with a bounded list of issues', async () => {
    const items = Array.from({ length: 100_000 }, () => ({}));
    const small = setup();
    const over = await small.send('POST', '/loans', {
      body: { ...loanApplication(), currentInsurancePolicies: items },
    });
    expect(over.status).toBe(413);

    const { send, calls } = setup({ maxBodyBytes: 4 * 1024 * 1024 });
    const res = await send('POST', '/loans', {
      body: { ...loanApplication(), currentInsurancePolicies: items },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      { path: 'currentInsurancePolicies', message: 'At most 10 policies' },
    ]);
    const numbers = await send('POST', '/loans', {
      body: { ...loanApplication(), borrowers: Array.from({ length: 100_000 }, () => 0) },
    });
    expect(numbers.status).toBe(400);
    expect(numbers.json.error.issues.length).toBeLessThanOrEqual(MAX_ISSUES);
    expect(numbers.text.length).toBeLessThan(10_000);
    expect(calls).toEqual([]);
  });

  it.each([
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
    ['application/json; charset=latin1'],
    ['application/jsonp'],
  ])('B10: %s on state-changing routes answers 415 and calls nothing', async (type) => {
    const { send, calls } = setup();
    const body = JSON.stringify({ termsOfServiceId: 'tos-1' });
    expect(
      (
        await send('POST', '/loans', {
          rawBody: JSON.stringify(loanApplication()),
          contentType: type,
        })
      ).status,
    ).toBe(415);
    expect(
      (await send('POST', '/loans/loan_a1/consent', { rawBody: body, contentType: type })).status,
    ).toBe(415);
    // Routes without a body schema refuse form and text posts too.
    expect(
      (await send('PATCH', '/loans/loan_a1/shop', { rawBody: 'a=1', contentType: type })).status,
    ).toBe(415);
    expect(
      (await send('POST', '/loans/loan_a1/quotes/q1/select', { rawBody: 'a=1', contentType: type }))
        .status,
    ).toBe(415);
    expect(calls).toEqual([]);
  });

  it('B10: a JSON body without a Content-Type is 415; application/json with charset=utf-8 is fine', async () => {
    const { send, calls } = setup();
    const rawBody = JSON.stringify({ termsOfServiceId: 'tos-1' });
    const res = await send('POST', '/loans/loan_a1/consent', { rawBody, contentType: null });
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe('unsupported_media_type');
    const ok = await send('POST', '/loans/loan_a1/consent', {
      rawBody,
      contentType: 'Application/JSON; charset=UTF-8',
    });
    expect(ok.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('invalid JSON, invalid UTF-8 and an empty required body answer 400 invalid_json', async () => {
    const { send, calls } = setup();
    expect((await send('POST', '/loans', { rawBody: '} not json' })).json.error.code).toBe(
      'invalid_json',
    );
    expect(
      (await send('POST', '/loans', { rawBody: new Uint8Array([0x7b, 0xff, 0x7d]) })).json.error
        .code,
    ).toBe('invalid_json');
    expect((await send('POST', '/loans', { rawBody: '' })).json.error.code).toBe('invalid_json');
    expect((await send('POST', '/loans', { rawBody: '"text"' })).status).toBe(400);
    expect((await send('POST', '/loans/loan_a1/consent', { rawBody: '[]' })).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('close accepts an empty body (with or without a content type) and sends {}', async () => {
    const { send, calls } = setup();
    expect((await send('PATCH', '/loans/loan_a1/close')).status).toBe(200);
    expect(
      (
        await send('PATCH', '/loans/loan_a1/close', {
          rawBody: '',
          contentType: 'application/json',
        })
      ).status,
    ).toBe(200);
    expect(
      (await send('PATCH', '/loans/loan_a1/close', { rawBody: 'x', contentType: null })).status,
    ).toBe(415);
    const withBody = await send('PATCH', '/loans/loan_a1/close', {
      body: { externalInsurance: { carrier: 'Other Co', premium: 1200 }, status: 'CLOSED_WON' },
    });
    expect(withBody.status).toBe(200);
    expect(calls.map((c) => c.options.body)).toEqual([
      {},
      {},
      { externalInsurance: { carrier: 'Other Co', premium: 1200 } },
    ]);
  });

  it('a body id equal to the path id is accepted; the path id is what is sent', async () => {
    const { send, calls } = setup();
    const res = await send('POST', '/loans/loan_a1/call-me-now', { body: { id: 'loan_a1' } });
    // No TCPA consent yet: refused before the client, but after the id check passed.
    expect(res.status).toBe(409);
    await send('POST', '/loans/loan_a1/consent/tcpa', {
      body: { id: 'loan_a1', termsOfServiceId: 't' },
    });
    expect(calls[0]?.options.body).toEqual({ id: 'loan_a1', termsOfServiceId: 't' });
  });
});
