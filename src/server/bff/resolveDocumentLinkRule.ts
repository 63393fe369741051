import type { HostClass } from './classifyHost.js';
import { classifyHost } from './classifyHost.js';
import type { DocumentLinkRule } from './DocumentLinkRule.js';
import type { HostPattern } from './parseHostPattern.js';
import { parseHostPattern } from './parseHostPattern.js';

const fail = (message: string): never => {
  throw new TypeError(`createInsuranceBff: ${message}`);
};

// A local service (a sandbox) serves its documents from local hosts; no host serves from these.
const allowed = (kind: HostClass, local: boolean) =>
  kind === 'public' || (local && kind !== 'reserved');

const portOf = (url: URL) =>
  url.port !== '' ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;

function matches(pattern: HostPattern, url: URL): boolean {
  const host = url.hostname.replace(/\.+$/, '');
  const hostMatches = pattern.wildcard
    ? host.endsWith(`.${pattern.hostname}`)
    : host === pattern.hostname;
  return hostMatches && (pattern.port === undefined || pattern.port === portOf(url));
}

/**
 * The document-link rule of a BFF: by default any public host (production serves signed PDFs
 * from a third-party CDN, not from the service's host), plus local ones (loopback, private,
 * link-local, IP literals, intranet names) when the service itself is local, i.e. its
 * `baseUrl` host is not public (a sandbox). `documentHosts` pins it to those hosts only (the
 * service's own host included only when listed): `host` (any port), `host:port`, or
 * `*.domain` (any host under the domain, at any depth, not the domain itself). The scheme and
 * credential checks of every link apply whatever the rule.
 *
 * @throws {TypeError} for an entry that is not a host, an empty list (it would remove every
 *   document), or an entry that is not public while the service is not local (it could never
 *   match).
 */
export function resolveDocumentLinkRule(
  baseUrl: string | undefined,
  documentHosts: readonly string[] | undefined,
): DocumentLinkRule {
  let local = false;
  if (baseUrl !== undefined) {
    try {
      local = classifyHost(new URL(baseUrl).hostname) !== 'public';
    } catch {
      // The service client judged its base URL already; a custom client's odd one is not local.
    }
  }
  if (documentHosts !== undefined && !Array.isArray(documentHosts)) {
    fail('documentHosts must be an array of hosts, such as ["files.insurer-cdn.example"]');
  }
  if (documentHosts?.length === 0) {
    fail(
      'documentHosts is empty, which would remove every document link: leave it out to allow any public https host, or list the hosts',
    );
  }
  const patterns = documentHosts?.map((entry) => {
    const pattern = parseHostPattern(entry);
    if (typeof pattern === 'string') return fail(pattern);
    if (!allowed(classifyHost(pattern.hostname), local)) {
      fail(
        `documentHosts entry ${entry} is not a public host, and the service (${baseUrl ?? 'a client without baseUrl'}) is not local: document links on it would always be removed. List the public host that serves the documents`,
      );
    }
    return pattern;
  });
  return {
    pinned: patterns ? patterns.map((p) => p.entry) : null,
    local,
    refusal(url) {
      if (!allowed(classifyHost(url.hostname), local)) return 'not_public';
      if (patterns && !patterns.some((p) => matches(p, url))) return 'not_in_document_hosts';
      return null;
    },
  };
}
