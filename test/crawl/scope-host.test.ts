// checkScope reads a link's host with a regular expression instead of the WHATWG parser (hundreds of
// links per page): it must decide exactly as URL.hostname would, on odd but valid normalised URLs.
import { describe, expect, it } from "vitest";
import { checkScope } from "../../lib/frontier/scope.ts";
import { normalizeUrl } from "../../lib/url/normalize.ts";

const rules = (host: string) => ({ host, maxDepth: 5, includePattern: null, excludePattern: null });

describe("checkScope host", () => {
  it("matches URL.hostname for userinfo, ports, IPv6, IDN, trailing dots and query-only URLs", () => {
    const urls = [
      "http://Example.com/a", "https://user:pw@www.example.com:8080/p?q#f", "http://[::1]:3000/x", "http://127.0.0.1/",
      "https://münchen.de/straße", "http://a.b.example.co.uk?x=1", "http://host#frag", "http://EXAMPLE.COM.:80/", "http://a/b\\c",
    ];
    for (const raw of urls) {
      const url = normalizeUrl(raw)!;
      const host = new URL(url).hostname;
      expect(checkScope(rules(host), url, 1), url).toEqual({ ok: true });
      expect(checkScope(rules(`other-${host.replace(/^\[/, "")}`), url, 1).ok, url).toBe(false);
    }
  });
  it("keeps www.example.com and example.com one site, and refuses what is not a URL", () => {
    expect(checkScope(rules("example.com"), "https://www.example.com/x", 1)).toEqual({ ok: true });
    expect(checkScope(rules("example.com"), "not a url", 1)).toEqual({ ok: false, reason: "other_site" });
    expect(checkScope(rules("example.com"), "https://example.com/x", 9)).toEqual({ ok: false, reason: "too_deep" });
  });
});
