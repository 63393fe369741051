// Loopback hosts as the URL parser normalizes them (it turns `0x7f.1` and `2130706433` into
// dotted IPv4 and brackets IPv6).
const LOOPBACK = /^(localhost|\[::1\]|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a `URL#hostname` names this machine, where plain `http:` is allowed for local
 * development (a sandbox on 127.0.0.1).
 */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname.toLowerCase());
}
