/**
 * What kind of host a `URL#hostname` names, judged by its name alone (see {@link classifyHost}):
 * - `public`: a domain name on the internet;
 * - `loopback`: this machine (`localhost`, `*.localhost`, 127/8, `::1`);
 * - `private`: a private network (10/8, 172.16/12, 192.168/16, `fc00::/7`);
 * - `link-local`: the local link (169.254/16, `fe80::/10`);
 * - `shared`: a carrier-grade NAT (100.64/10);
 * - `intranet`: a name only a local resolver knows (one label, `.local`, `.internal`, ...);
 * - `ip`: any other IP literal (a public address, which no CDN link names);
 * - `reserved`: nowhere a document lives (0/8, multicast, broadcast, documentation ranges).
 */
export type HostClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'intranet'
  | 'ip'
  | 'reserved';

// Names no public resolver answers, by their last label(s): mDNS (RFC 6762), ICANN's private-use
// `.internal`, the home network's `home.arpa` (RFC 8375), and the suffixes routers and company
// networks hand out. `.test` and `.example` stay public: tests use them to stand for the internet.
const INTRANET_SUFFIXES = ['local', 'internal', 'localdomain', 'lan', 'home.arpa', 'intranet'];

const DOTTED_IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function classifyIpv4(a: number, b: number, c: number): HostClass {
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'shared';
  // "This network" (browsers send 0.0.0.0 to this machine), multicast, 240/4 and broadcast,
  // IETF protocol assignments, documentation and benchmarking ranges.
  if (a === 0 || a >= 224) return 'reserved';
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'reserved';
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) {
    return 'reserved';
  }
  if (a === 198 && (b === 18 || b === 19)) return 'reserved';
  return 'ip';
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (no brackets). */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const words = (part: string) => {
    if (part === '') return [];
    const out: number[] = [];
    for (const word of part.split(':')) {
      const v4 = DOTTED_IPV4.exec(word);
      if (v4) {
        const [, a, b, c, d] = v4.map(Number) as [number, number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(word)) out.push(Number.parseInt(word, 16));
      else return null;
    }
    return out;
  };
  const first = words(head);
  const last = tail === undefined ? [] : words(tail);
  if (!first || !last) return null;
  const missing = 8 - first.length - last.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...first, ...Array<number>(Math.max(missing, 0)).fill(0), ...last];
}

function classifyIpv6(address: string): HostClass {
  const g = ipv6Groups(address);
  if (!g) return 'reserved';
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((w) => w === 0);
  if (zeroTo(7) && g7 === 1) return 'loopback';
  if (zeroTo(8)) return 'reserved';
  // An IPv4 address written as IPv6 (mapped `::ffff:a.b.c.d`, or NAT64 `64:ff9b::a.b.c.d`)
  // goes where its IPv4 address goes.
  const mapped = zeroTo(5) && g5 === 0xffff;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g.slice(2, 6).every((w) => w === 0);
  if (mapped || nat64) return classifyIpv4(g6 >> 8, g6 & 0xff, g7 >> 8);
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xff00) === 0xff00) return 'reserved';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved';
  return 'ip';
}

/**
 * Classifies a `URL#hostname` (lowercase, IPv4 in dotted form, IPv6 in brackets, as the URL
 * parser normalizes every spelling: `0x7f.1`, `2130706433` and `127.0.0.1.` are all
 * `127.0.0.1`). By name only: a public name that resolves to a private address is `public`.
 * Looking names up would not help: the borrower's browser resolves them, not this server.
 */
export function classifyHost(hostname: string): HostClass {
  // A trailing dot names the same host (`localhost.` is this machine).
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[')) return classifyIpv6(host.slice(1, -1));
  const v4 = DOTTED_IPV4.exec(host);
  if (v4) {
    const [, a, b, c] = v4.map(Number) as [number, number, number, number];
    return classifyIpv4(a, b, c);
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  // One label (`intranet`, `sandbox`) is completed by the resolver's search domains.
  if (host === '' || !host.includes('.')) return 'intranet';
  if (INTRANET_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`))) return 'intranet';
  return 'public';
}
