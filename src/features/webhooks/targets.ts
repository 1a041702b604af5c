// Where a webhook may be sent (decision 087). Unless private targets are allowed (development, or
// WEBHOOK_ALLOW_PRIVATE_TARGETS=true), an endpoint must be https and every address its name
// resolves to must be public: no loopback, private, link-local (cloud metadata), shared, multicast
// or reserved ranges. Checked at each delivery, after DNS, so a name changed to point inside is caught;
// the delivery then connects to the addresses checked, so a second DNS answer cannot take it elsewhere.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** Every address a host name resolves to. Tests inject their own; production asks the system resolver. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithSystem: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** Whether `address` lies in a range a webhook may not reach (IPv4-mapped IPv6 judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why `url` can never be a webhook endpoint (its scheme, its form), or null; no DNS is asked. */
export function refuseUrlShape(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "The URL is not valid.";
  }
  if (parsed.username || parsed.password) return "The URL may not carry a user name or password.";
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) return "The URL must start with https://.";
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return `The host ${host} is a private, loopback or link-local address.`;
  return null;
}

/** Where a delivery may go: the addresses its host name resolved to, every one checked. */
export type CheckedTarget = { url: URL; host: string; addresses: string[] };

/**
 * Resolves `url`'s host once and checks every address, or says why it may not be sent to. The
 * request then connects to these addresses only (pinnedLookup), never asking DNS again: a name
 * that answers a public address to the check and a private one a moment later gets nowhere.
 */
export async function checkTarget(url: string, options: { allowPrivate: boolean; resolve: ResolveHost }): Promise<{ refusal: string } | CheckedTarget> {
  const shape = refuseUrlShape(url, options.allowPrivate);
  if (shape) return { refusal: shape };
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await options.resolve(host);
  } catch {
    return { refusal: `The host ${host} could not be resolved.` };
  }
  if (addresses.length === 0) return { refusal: `The host ${host} could not be resolved.` };
  if (!options.allowPrivate && addresses.some(isPrivateAddress)) return { refusal: `The host ${host} resolves to a private, loopback or link-local address.` };
  return { url: parsed, host, addresses };
}

type LookupAnswer = { address: string; family: number };
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAnswer[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that answers the checked addresses of the checked host and nothing
 * else; the URL keeps the host name, so the Host header, TLS SNI and the certificate check use it.
 */
export function pinnedLookup(target: CheckedTarget) {
  const answers = target.addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const [first] = answers;
    if (hostname !== target.host || !first) {
      callback(Object.assign(new Error(`${hostname} was not checked`), { code: "ENOTFOUND" }), "");
      return;
    }
    if (options.all) callback(null, answers);
    else callback(null, first.address, first.family);
  };
}
