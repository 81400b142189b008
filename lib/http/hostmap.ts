// HOST_MAP: host names served by a local address instead of DNS ("replay web" test server).
// Format: "host=ip:port,host2=ip:port" (IPv6 as [::1]:port). The SSRF guard still applies to the
// mapped address, so tests and the replay web also set ALLOW_PRIVATE_NETWORK.

export type HostMap = Map<string, { host: string; port: number }>;

const ENTRY = /^([^=\s]+)\s*=\s*(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})$/;

/** Parse a HOST_MAP string; throws one readable error listing every malformed entry. */
export function readHostMap(env: string | null | undefined): HostMap {
  const map: HostMap = new Map();
  const bad: string[] = [];
  for (const raw of (env ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const m = ENTRY.exec(entry);
    const port = m ? Number(m[3]) : 0;
    if (!m || port < 1 || port > 65535) { bad.push(entry); continue; }
    map.set(m[1].toLowerCase().replace(/\.$/, ""), { host: m[2].replace(/^\[|\]$/g, ""), port });
  }
  if (bad.length) throw new Error(`Invalid HOST_MAP entries (expected host=ip:port): ${bad.join(", ")}`);
  return map;
}
