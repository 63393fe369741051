/** One `documentHosts` entry, read: which hosts (and port) it pins. */
export interface HostPattern {
  /** The entry as written. */
  entry: string;
  /** The host as the URL parser normalizes it (for a wildcard, the domain under the `*.`). */
  hostname: string;
  /** `*.cdn.example`: any host under `cdn.example` (at any depth), not `cdn.example` itself. */
  wildcard: boolean;
  /** The port it pins (`cdn.example:8443`), or `undefined`: any port. */
  port: number | undefined;
}

const ENTRY = /^(\*\.)?(\[[0-9A-Fa-f:.]+\]|[^\s:/?#@[\]\\*]+)(?::(\d{1,5}))?$/;

/**
 * Reads a `documentHosts` entry: `host`, `host:port` (IPv6 in brackets) or `*.domain`. Returns
 * why it is not one (a sentence naming the fix) as a string.
 */
export function parseHostPattern(entry: unknown): HostPattern | string {
  if (typeof entry !== 'string' || entry.trim() === '') {
    return 'documentHosts holds host names such as files.insurer-cdn.example';
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
    const host = entry.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0];
    return `documentHosts holds hosts, not URLs: write ${host} instead of ${entry}`;
  }
  const match = ENTRY.exec(entry);
  if (!match) {
    return `documentHosts entry ${entry} is not a host: write cdn.example, cdn.example:8443 or *.cdn.example (a wildcard only as the first label)`;
  }
  const [, star, host = '', portText] = match;
  let hostname: string;
  try {
    hostname = new URL(`https://${host}/`).hostname;
  } catch {
    return `documentHosts entry ${entry} is not a valid host name`;
  }
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65_535)) {
    return `documentHosts entry ${entry} has no valid port (1-65535)`;
  }
  // A spelling the parser turns into another host (`0x7f.1`, a trailing dot) is asked for in
  // its normal form, so an entry reads as what it matches; capitals and Unicode names are fine.
  if (hostname !== host.toLowerCase() && !/[^ -~]/.test(host)) {
    return `documentHosts entry ${entry} names ${hostname}: write that`;
  }
  if (hostname.endsWith('.')) {
    return `documentHosts entry ${entry} ends with a dot: write ${hostname.replace(/\.+$/, '')}`;
  }
  if (star && (hostname.startsWith('[') || /^[\d.]+$/.test(hostname) || !hostname.includes('.'))) {
    return `documentHosts entry ${entry}: a wildcard needs a domain of two labels or more under it, such as *.cdn.example`;
  }
  return { entry, hostname, wildcard: star !== undefined, port };
}
