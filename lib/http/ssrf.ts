// SSRF guard: which addresses a crawler seeded by users may connect to.
// Checked on the RESOLVED address at connect time (custom `lookup` in fetch.ts) and for every
// redirect hop, so hostnames that resolve (or re-resolve, DNS rebinding) to internal addresses fail.
import ipaddr from "ipaddr.js";
import { lookup } from "node:dns/promises";
import type { HostMap } from "./hostmap.ts";

/** Cloud metadata endpoints, named in messages (most also fall in link-local / unique-local ranges). */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192", "fd00:ec2::254"]);

/** Readable names of ipaddr.js ranges. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: "an unspecified", broadcast: "a broadcast", multicast: "a multicast", linkLocal: "a link-local",
  loopback: "a loopback", carrierGradeNat: "a carrier-grade NAT", private: "a private", reserved: "a reserved",
  uniqueLocal: "a unique-local", teredo: "a Teredo tunnel", benchmarking: "a benchmarking", as112: "an AS112",
  as112v6: "an AS112", amt: "an AMT", deprecated: "a deprecated", orchid2: "an ORCHIDv2", discard: "a discard-only",
  droneRemoteIdProtocolEntityTags: "a reserved",
};

export type AddressVerdict = { ok: true } | { ok: false; range: string; message: string };

/** Parse an address in any spelling ipaddr.js accepts (dotted, decimal, octal, hex IPv4; IPv6 with or without brackets). */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const a = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  try {
    return ipaddr.parse(a);
  } catch {
    return null;
  }
}

/** Is this IP literal one a public crawler may connect to? IPv4 embedded in IPv6 (mapped, NAT64, 6to4) is checked as IPv4. */
export function checkAddress(address: string): AddressVerdict {
  const parsed = parseAddress(address);
  if (!parsed) return { ok: false, range: "invalid", message: `${address} is not an IP address` };
  const canonical = parsed.toString();
  if (METADATA_ADDRESSES.has(canonical)) return { ok: false, range: "metadata", message: `${address} is a cloud metadata address` };
  let ip: ipaddr.IPv4 | ipaddr.IPv6 = parsed;
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    const range = v6.range();
    if (range === "ipv4Mapped") ip = v6.toIPv4Address();
    else if (range === "rfc6052" || range === "rfc6145") ip = ipaddr.IPv4.parse(v6.toByteArray().slice(12).join("."));
    else if (range === "6to4") ip = ipaddr.IPv4.parse(v6.toByteArray().slice(2, 6).join("."));
    // IPv4-compatible ::a.b.c.d (RFC 4291 §2.5.5.1, deprecated): ipaddr.js calls ::7f00:1 "unicast",
    // yet stacks that still route them reach a.b.c.d. No public host uses one: refused whatever they embed.
    else if (range === "unicast" && v6.toByteArray().slice(0, 12).every((b) => b === 0)) {
      const inner = ipaddr.IPv4.parse(v6.toByteArray().slice(12).join(".")).toString();
      return { ok: false, range: "ipv4Compatible", message: `${address} is an IPv4-compatible IPv6 address (deprecated) embedding ${inner}` };
    }
    if (ip !== parsed) {
      const inner = checkAddress(ip.toString());
      return inner.ok ? inner : { ok: false, range: inner.range, message: `${address} embeds ${ip.toString()}: ${inner.message}` };
    }
  }
  const range = ip.range();
  if (range === "unicast") return { ok: true };
  const name = RANGE_NAMES[range] ?? "a non-public";
  return { ok: false, range, message: `${address} is ${name} address` };
}

export type SeedCheck = { ok: true } | { ok: false; key: "invalid_url" | "ssrf_blocked" | "dns_failed"; message: string };

export interface SeedCheckOptions {
  allowPrivateNetwork?: boolean;
  hostMap?: HostMap;
}

/**
 * Check a URL an admin wants to crawl: http(s), resolvable, and (unless private networks are
 * allowed) resolving only to public addresses. Used by `lede crawl` and the Sites form.
 */
export async function checkSeedUrl(url: string, opts: SeedCheckOptions = {}): Promise<SeedCheck> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, key: "invalid_url", message: `"${url}" is not a valid URL` };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return { ok: false, key: "invalid_url", message: `only http and https URLs can be crawled, not ${u.protocol}` };
  const host = u.hostname.replace(/^\[|\]$/g, "");
  const mapped = opts.hostMap?.get(host.toLowerCase());
  let addresses: string[];
  if (mapped) addresses = [mapped.host];
  else if (parseAddress(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch (err) {
      return { ok: false, key: "dns_failed", message: `cannot resolve ${host}: ${(err as Error).message}` };
    }
  }
  if (opts.allowPrivateNetwork) return { ok: true };
  for (const a of addresses) {
    const v = checkAddress(a);
    if (!v.ok) {
      const via = a === host ? "" : ` (${host} resolves to ${a})`;
      return { ok: false, key: "ssrf_blocked", message: `refusing ${url}: ${v.message}${via}; set ALLOW_PRIVATE_NETWORK=true (or allow private networks for this site) to crawl internal hosts` };
    }
  }
  return { ok: true };
}
