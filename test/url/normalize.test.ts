import { describe, expect, it } from "vitest";
import { normalizeUrl, isTrackingParam } from "../../lib/url/normalize.ts";

describe("normalizeUrl", () => {
  it("lower-cases the host, drops fragment, default port and trailing host dot", () => {
    expect(normalizeUrl("HTTP://WWW.Example.COM:80/News/A?x=1#top")).toBe("http://www.example.com/News/A?x=1");
    expect(normalizeUrl("https://example.com.:443")).toBe("https://example.com/");
    expect(normalizeUrl("https://example.com:8443/a")).toBe("https://example.com:8443/a");
  });
  it("removes tracking and session parameters and sorts the rest", () => {
    expect(normalizeUrl("https://ex.com/a?utm_source=tw&b=2&fbclid=x&a=1&gclid=y&mc_cid=z&UTM_Medium=q")).toBe("https://ex.com/a?a=1&b=2");
    expect(normalizeUrl("https://ex.com/a?utm_source=tw")).toBe("https://ex.com/a");
    expect(normalizeUrl("https://ex.com/a;jsessionid=ABC123?id=4")).toBe("https://ex.com/a?id=4");
    expect(normalizeUrl("https://ex.com/a?id=2&id=1")).toBe("https://ex.com/a?id=2&id=1");
    // values keep their spelling: no re-encoding of "/", ",", "+"
    expect(normalizeUrl("https://ex.com/s?q=a+b,c&path=/x/y&&utm_term=z")).toBe("https://ex.com/s?path=/x/y&q=a+b,c");
    expect(normalizeUrl("https://ex.com/s?%75tm_source=x&k=%2f")).toBe("https://ex.com/s?k=%2F");
    expect(isTrackingParam("utm_campaign")).toBe(true);
    expect(isTrackingParam("page")).toBe(false);
  });
  it("resolves relative URLs against a base and normalises dot segments and escapes", () => {
    expect(normalizeUrl("../b/./c.html", "https://ex.com/x/y/z.html")).toBe("https://ex.com/x/b/c.html");
    expect(normalizeUrl("//cdn.ex.com/p", "https://ex.com/")).toBe("https://cdn.ex.com/p");
    expect(normalizeUrl("/%7euser/%c3%a9t%C3%A9", "https://ex.com")).toBe("https://ex.com/~user/%C3%A9t%C3%A9");
    expect(normalizeUrl("https://bücher.de/x")).toBe("https://xn--bcher-kva.de/x");
  });
  it("returns null for non-http(s) and unparsable input", () => {
    for (const u of ["javascript:void(0)", "mailto:a@b.c", "data:text/html,hi", "ftp://ex.com/f", "tel:+1", "http://", "not a url"]) {
      expect(normalizeUrl(u)).toBeNull();
    }
    expect(normalizeUrl("javascript:alert(1)", "https://ex.com/")).toBeNull();
  });
});
