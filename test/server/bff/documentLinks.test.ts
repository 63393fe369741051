import { describe, expect, it } from 'vitest';
import { classifyHost } from '../../../src/server/bff/classifyHost.js';
import { resolveDocumentLinkRule } from '../../../src/server/bff/resolveDocumentLinkRule.js';
import type { SetupOptions } from './helpers.js';
import { cannedResponder, policyFixture, publishEvent, setup } from './helpers.js';

// Which hosts may serve the policy documents a BFF passes to the browser. Production serves
// the signed evidence-of-insurance PDF from a third-party CDN, not from the service's host.

const SIGNED = '?Expires=1893456000&Signature=0123abcd';
const PUBLIC_SERVICE = 'https://api.insurer.example/lenders';
const LOCAL_SERVICE = 'http://127.0.0.1:4010/lenders';

/** The document URLs of a policy read through a BFF set up with `options`, and its log. */
async function documentsThrough(urls: readonly string[], options: SetupOptions) {
  const bff = setup({
    ...options,
    responder: (name, call) =>
      name === 'getPolicy' ? policyFixture('pol_a', urls) : cannedResponder(name, call),
  });
  await publishEvent(bff.relay, 'policy.bound', { policyId: 'pol_a', loanId: 'loan_a1' });
  const res = await bff.send('GET', '/policies/pol_a');
  expect(res.status).toBe(200);
  return {
    urls: (res.json.documents as Array<{ url: string }>).map((d) => d.url),
    lines: bff.logger.lines,
  };
}

const removed = (host: string, reason: string, count = 1) => ({
  level: 'warn',
  message:
    reason === 'not_public'
      ? 'insurance bff: document URL on a host that is not public removed'
      : 'insurance bff: document URL on a host outside documentHosts removed',
  meta: { operation: 'getPolicy', field: 'documents.url', host, reason, count },
});

/** Hosts that are not public, in every spelling the URL parser normalizes. */
const NOT_PUBLIC = [
  'https://localhost/d',
  'https://localhost./d',
  'https://files.localhost/d',
  'https://127.0.0.1/d',
  'https://0x7f.1/d',
  'https://2130706433/d',
  'https://017700000001/d',
  'https://[::1]/d',
  'https://[::ffff:127.0.0.1]/d',
  'https://10.0.0.8/d',
  'https://172.16.4.2/d',
  'https://192.168.1.20/d',
  'https://[fd00::5]/d',
  'https://169.254.169.254/d',
  'https://[fe80::1]/d',
  'https://100.64.0.1/d',
  'https://0.0.0.0/d',
  'https://224.0.0.1/d',
  'https://8.8.8.8/d',
  'https://[2606:4700::1111]/d',
  'https://fileserver/d',
  'https://printer.local/d',
  'https://docs.internal/d',
  'https://nas.home.arpa/d',
];

describe('document links at the defaults (no documentHosts)', () => {
  it('B40: at the defaults, a document on a public CDN host reaches the browser, whatever the service host, and nothing is logged', async () => {
    const urls = [
      `https://d1234abcd.cloudfront.net/eoi/doc_1.pdf${SIGNED}`,
      `https://documents.insurer-cdn.example/dec/doc_2.pdf${SIGNED}`,
      `https://api.insurer.example/docs/3${SIGNED}`,
    ];
    for (const baseUrl of [PUBLIC_SERVICE, LOCAL_SERVICE, undefined]) {
      const through = await documentsThrough(urls, baseUrl ? { baseUrl } : {});
      expect(through.urls, baseUrl).toEqual(urls);
      expect(through.lines, baseUrl).toEqual([]);
    }
  });

  it('B41: a service that is not local gets no document link on a loopback, private, link-local, shared, reserved or IP-literal host, nor an intranet name: each is removed with one line per host saying "not public", never the URL', async () => {
    const urls = NOT_PUBLIC.map((url) => `${url}${SIGNED}`);
    const through = await documentsThrough(urls, { baseUrl: PUBLIC_SERVICE });
    expect(through.urls).toEqual([]);
    // The parser's spellings of 127.0.0.1 are one host, so one line with their count.
    expect(through.lines).toContainEqual(removed('127.0.0.1', 'not_public', 4));
    expect(through.lines).toContainEqual(removed('[::ffff:7f00:1]', 'not_public'));
    expect(through.lines).toContainEqual(removed('169.254.169.254', 'not_public'));
    expect(through.lines).toContainEqual(removed('printer.local', 'not_public'));
    expect(through.lines.every((line) => line.meta?.reason === 'not_public')).toBe(true);
    expect(through.lines.reduce((n, line) => n + Number(line.meta?.count), 0)).toBe(urls.length);
    expect(JSON.stringify(through.lines)).not.toContain('Signature');
  });

  it('B41: a local service (a sandbox) gets its local documents too, plain http: on loopback included; reserved addresses and unsafe schemes still never pass', async () => {
    const local = [
      'http://127.0.0.1:4011/sandbox/documents/d1',
      'http://localhost:4011/d2',
      'http://[::1]:4011/d3',
      'https://10.0.0.8/d4',
      'https://[fd00::5]/d5',
      'https://fileserver/d6',
      'https://docs.internal/d7',
      'https://cdn.example/d8',
    ];
    const never = ['https://0.0.0.0/x', 'https://224.0.0.1/x', 'http://10.0.0.8/x'];
    for (const baseUrl of [LOCAL_SERVICE, 'https://10.1.2.3/lenders', 'https://sandbox/lenders']) {
      const through = await documentsThrough([...local, ...never], { baseUrl });
      expect(through.urls, baseUrl).toEqual(local);
      expect(through.lines, baseUrl).toEqual([
        removed('0.0.0.0', 'not_public'),
        removed('224.0.0.1', 'not_public'),
        {
          level: 'warn',
          message: 'insurance bff: unsafe service URL removed',
          meta: {
            operation: 'getPolicy',
            field: 'documents.url',
            host: '10.0.0.8',
            reason: 'unsafe',
            count: 1,
          },
        },
      ]);
    }
  });

  it('B41: hosts are classed by name, in every form the URL parser writes them', () => {
    const classes = Object.fromEntries(
      [
        'localhost',
        'a.localhost',
        '127.9.9.9',
        '[::1]',
        '[::ffff:a00:1]',
        '10.255.0.1',
        '172.31.255.255',
        '172.32.0.1',
        '192.168.0.1',
        '[fc00::1]',
        '169.254.0.1',
        '[febf::1]',
        '100.64.0.1',
        '100.127.255.255',
        '100.128.0.1',
        '0.1.2.3',
        '239.1.1.1',
        '255.255.255.255',
        '192.0.2.1',
        '[::]',
        '[ff02::1]',
        '[2001:db8::1]',
        '[64:ff9b::a00:1]',
        '93.184.216.34',
        '[2a00:1450::1]',
        'intranet',
        'printer.local',
        'svc.internal',
        'router.lan',
        'nas.home.arpa',
        'cdn.example',
        'cdn.example.',
        'xn--bcher-kva.example',
      ].map((host) => [host, classifyHost(host)]),
    );
    expect(classes).toEqual({
      localhost: 'loopback',
      'a.localhost': 'loopback',
      '127.9.9.9': 'loopback',
      '[::1]': 'loopback',
      '[::ffff:a00:1]': 'private',
      '10.255.0.1': 'private',
      '172.31.255.255': 'private',
      '172.32.0.1': 'ip',
      '192.168.0.1': 'private',
      '[fc00::1]': 'private',
      '169.254.0.1': 'link-local',
      '[febf::1]': 'link-local',
      '100.64.0.1': 'shared',
      '100.127.255.255': 'shared',
      '100.128.0.1': 'ip',
      '0.1.2.3': 'reserved',
      '239.1.1.1': 'reserved',
      '255.255.255.255': 'reserved',
      '192.0.2.1': 'reserved',
      '[::]': 'reserved',
      '[ff02::1]': 'reserved',
      '[2001:db8::1]': 'reserved',
      '[64:ff9b::a00:1]': 'private',
      '93.184.216.34': 'ip',
      '[2a00:1450::1]': 'ip',
      intranet: 'intranet',
      'printer.local': 'intranet',
      'svc.internal': 'intranet',
      'router.lan': 'intranet',
      'nas.home.arpa': 'intranet',
      'cdn.example': 'public',
      'cdn.example.': 'public',
      'xn--bcher-kva.example': 'public',
    });
  });
});

describe('documentHosts pins the hosts', () => {
  it("B42: pinned, only the listed hosts pass (the service's own host only when listed); a link elsewhere is removed as outside documentHosts", async () => {
    const cdn = `https://files.insurer-cdn.example/eoi.pdf${SIGNED}`;
    const service = `https://api.insurer.example/docs/1${SIGNED}`;
    const other = `https://cdn.other.example/y.pdf${SIGNED}`;
    const pinned = await documentsThrough([cdn, service, other], {
      baseUrl: PUBLIC_SERVICE,
      documentHosts: ['Files.Insurer-CDN.example'],
    });
    expect(pinned.urls).toEqual([cdn]);
    expect(pinned.lines).toEqual([
      removed('api.insurer.example', 'not_in_document_hosts'),
      removed('cdn.other.example', 'not_in_document_hosts'),
    ]);
    const both = await documentsThrough([cdn, service, other], {
      baseUrl: PUBLIC_SERVICE,
      documentHosts: ['files.insurer-cdn.example', 'api.insurer.example'],
    });
    expect(both.urls).toEqual([cdn, service]);
  });

  it('B42: a host:port entry pins that port (443 is https: without one); a bare host allows any port', async () => {
    const urls = [
      'https://docs.example/a',
      'https://docs.example:443/b',
      'https://docs.example:8443/c',
      'https://files.example:8443/d',
      'https://files.example/e',
    ];
    const through = await documentsThrough(urls, {
      baseUrl: PUBLIC_SERVICE,
      documentHosts: ['docs.example:443', 'files.example'],
    });
    expect(through.urls).toEqual([
      'https://docs.example/a',
      'https://docs.example:443/b',
      'https://files.example:8443/d',
      'https://files.example/e',
    ]);
    expect(through.lines).toEqual([removed('docs.example:8443', 'not_in_document_hosts')]);
  });

  it('B42: *.cdn.example pins every host under cdn.example, at any depth, but not cdn.example itself nor a look-alike', async () => {
    const urls = [
      'https://eu.cdn.example/a',
      'https://x.eu.cdn.example/b',
      'https://cdn.example/c',
      'https://evilcdn.example/d',
      'https://cdn.example.evil.example/e',
    ];
    const through = await documentsThrough(urls, {
      baseUrl: PUBLIC_SERVICE,
      documentHosts: ['*.cdn.example'],
    });
    expect(through.urls).toEqual(['https://eu.cdn.example/a', 'https://x.eu.cdn.example/b']);
    expect(through.lines.map((line) => line.meta?.host)).toEqual([
      'cdn.example',
      'evilcdn.example',
      'cdn.example.evil.example',
    ]);
  });

  it('B42: pinned hosts narrow the defaults: a local service may pin its local host, and a pin never lets an unsafe URL through', async () => {
    const through = await documentsThrough(
      [
        'http://127.0.0.1:4011/sandbox/documents/d1',
        'http://127.0.0.1:4012/other',
        'https://user:pass@docs.example/x',
        'https://docs.example/ok',
      ],
      { baseUrl: LOCAL_SERVICE, documentHosts: ['127.0.0.1:4011', 'docs.example'] },
    );
    expect(through.urls).toEqual([
      'http://127.0.0.1:4011/sandbox/documents/d1',
      'https://docs.example/ok',
    ]);
    expect(through.lines.map((line) => [line.meta?.host, line.meta?.reason])).toEqual([
      ['127.0.0.1:4012', 'not_in_document_hosts'],
      ['docs.example', 'unsafe'],
    ]);
  });
});

describe('documentHosts is checked when the BFF is created', () => {
  const create =
    (documentHosts: unknown, baseUrl: string | undefined = PUBLIC_SERVICE) =>
    () =>
      setup({ baseUrl, documentHosts: documentHosts as string[] });

  it.each([
    [['https://files.cdn.example/docs'], /not URLs: write files\.cdn\.example instead/],
    [['files.cdn.example/docs'], /is not a host: write cdn\.example, cdn\.example:8443 or/],
    [['cdn.*.example'], /a wildcard only as the first label/],
    [['*'], /is not a host/],
    [['*.example'], /a wildcard needs a domain of two labels or more/],
    [['*.10.0.0.1'], /a wildcard needs a domain/],
    [['cdn.example:0'], /no valid port/],
    [['cdn.example:70000'], /no valid port/],
    [['0x7f.1'], /names 127\.0\.0\.1: write that/],
    [['cdn.example.'], /ends with a dot: write cdn\.example$/],
    [[''], /host names such as files\.insurer-cdn\.example/],
    [[42], /host names such as/],
    [[], /empty, which would remove every document link: leave it out/],
    ['cdn.example', /must be an array of hosts/],
    [['127.0.0.1'], /127\.0\.0\.1 is not a public host, and the service .* is not local/],
    [['docs.internal'], /not a public host/],
    [['*.docs.localhost'], /not a public host/],
    [['[::1]:4011'], /not a public host/],
  ])('B43: documentHosts %j is refused with a TypeError naming the fix', (entries, message) => {
    expect(create(entries)).toThrow(TypeError);
    expect(create(entries)).toThrow(message);
    expect(create(entries)).toThrow(/^createInsuranceBff: /);
  });

  it('B43: local entries are fine for a local service; a wildcard, ports, IPv6 and Unicode names are read as written', () => {
    expect(create(['127.0.0.1:4011', '[::1]', '*.docs.localhost'], LOCAL_SERVICE)).not.toThrow();
    const rule = resolveDocumentLinkRule(PUBLIC_SERVICE, [
      '*.cdn.example',
      'docs.example:8443',
      'bücher.example',
    ]);
    expect(rule).toMatchObject({
      pinned: ['*.cdn.example', 'docs.example:8443', 'bücher.example'],
      local: false,
    });
    expect(rule.refusal(new URL('https://xn--bcher-kva.example/x'))).toBeNull();
    expect(resolveDocumentLinkRule(LOCAL_SERVICE, undefined)).toMatchObject({
      pinned: null,
      local: true,
    });
  });
});
