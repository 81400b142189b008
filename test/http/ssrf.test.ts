import { describe, expect, it } from "vitest";
import { checkAddress, checkSeedUrl } from "../../lib/http/ssrf.ts";
import { readHostMap } from "../../lib/http/hostmap.ts";
import { isLikelyBinaryUrl, sniffBinary, classifyContentType } from "../../lib/http/content.ts";
import { parseRetryAfter, toFetchError } from "../../lib/http/errors.ts";

describe("checkAddress", () => {
  const blocked: [string, string][] = [
    ["127.0.0.1", "loopback"], ["2130706433", "loopback"], ["0x7f.1", "loopback"], ["0177.0.0.1", "loopback"],
    ["10.1.2.3", "private"], ["172.16.0.1", "private"], ["192.168.1.1", "private"], ["100.64.0.1", "carrierGradeNat"],
    ["169.254.169.254", "metadata"], ["169.254.1.1", "linkLocal"], ["0.0.0.0", "unspecified"], ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"], ["240.0.0.1", "reserved"], ["::1", "loopback"], ["[::1]", "loopback"], ["::", "unspecified"],
    ["fe80::1", "linkLocal"], ["fc00::1", "uniqueLocal"], ["fd00:ec2::254", "metadata"], ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"], ["::ffff:7f00:1", "loopback"], ["::ffff:169.254.169.254", "metadata"],
    ["64:ff9b::a00:1", "private"], ["2002:c0a8:101::1", "private"],
    // IPv4-compatible (deprecated ::/96): the URL parser writes [::127.0.0.1] as [::7f00:1]
    ["::7f00:1", "ipv4Compatible"], ["[::7f00:1]", "ipv4Compatible"], ["::a00:1", "ipv4Compatible"], ["::808:808", "ipv4Compatible"],
  ];
  for (const [address, range] of blocked) {
    it(`blocks ${address} (${range})`, () => {
      const v = checkAddress(address);
      expect(v.ok).toBe(false);
      if (!v.ok) expect(v.range).toBe(range);
    });
  }
  it("allows public unicast addresses", () => {
    for (const a of ["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(checkAddress(a)).toEqual({ ok: true });
  });
});

describe("checkSeedUrl", () => {
  it("refuses internal seeds with a clear message and accepts them when allowed", async () => {
    for (const u of ["http://127.0.0.1/", "http://2130706433/", "http://0x7f.1/", "http://0177.0.0.1/", "http://[::1]/", "http://[::127.0.0.1]/", "http://169.254.169.254/latest/meta-data", "http://localhost:8080/"]) {
      const r = await checkSeedUrl(u);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.key).toBe("ssrf_blocked");
        expect(r.message).toMatch(/ALLOW_PRIVATE_NETWORK/);
      }
    }
    expect(await checkSeedUrl("http://127.0.0.1/", { allowPrivateNetwork: true })).toEqual({ ok: true });
    const viaMap = await checkSeedUrl("http://news.example/", { hostMap: readHostMap("news.example=127.0.0.1:8080") });
    expect(viaMap.ok).toBe(false);
  });
  it("refuses non-http and unparsable URLs", async () => {
    expect(await checkSeedUrl("ftp://example.org/")).toMatchObject({ ok: false, key: "invalid_url" });
    expect(await checkSeedUrl("not a url")).toMatchObject({ ok: false, key: "invalid_url" });
  });
  it("reports names that do not resolve", async () => {
    expect(await checkSeedUrl("http://no-such-host.invalid/")).toMatchObject({ ok: false, key: "dns_failed" });
  });
});

describe("readHostMap", () => {
  it("parses host=ip:port lists and rejects malformed entries", () => {
    const m = readHostMap(" News.Example=127.0.0.1:8081, b.example=[::1]:9000,");
    expect([...m]).toEqual([["news.example", { host: "127.0.0.1", port: 8081 }], ["b.example", { host: "::1", port: 9000 }]]);
    expect(readHostMap("").size).toBe(0);
    expect(() => readHostMap("a.example=127.0.0.1,b=1.2.3.4:99999")).toThrow(/a\.example=127\.0\.0\.1, b=1\.2\.3\.4:99999/);
  });
});

describe("content checks", () => {
  it("flags binary URLs by suffix but not feeds and pages", () => {
    expect(isLikelyBinaryUrl("https://ex.com/report.PDF")).toBe(true);
    expect(isLikelyBinaryUrl("https://ex.com/img/a.jpg?w=200")).toBe(true);
    expect(isLikelyBinaryUrl("https://ex.com/news/story.html")).toBe(false);
    expect(isLikelyBinaryUrl("https://ex.com/feed.xml")).toBe(false);
    expect(isLikelyBinaryUrl("https://ex.com/sitemap.xml.gz")).toBe(false);
    expect(isLikelyBinaryUrl("https://ex.com/2024/05/story")).toBe(false);
  });
  it("sniffs signatures and control bytes", () => {
    expect(sniffBinary(Buffer.from("%PDF-1.4 ..."))).toBe("pdf");
    expect(sniffBinary(Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70]))).toBe("mp4");
    expect(sniffBinary(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0]))).toBe("binary");
    expect(sniffBinary(Buffer.from("<!doctype html><p>ok</p>"))).toBeNull();
    expect(classifyContentType("text/html; charset=utf-8")).toBe("html");
    expect(classifyContentType(null)).toBe("maybe");
    expect(classifyContentType("application/pdf")).toBe("no");
  });
});

describe("errors", () => {
  it("parses Retry-After as seconds or a date", () => {
    expect(parseRetryAfter("30")).toBe(30_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT"))).toBe(60_000);
    expect(parseRetryAfter("soon")).toBeNull();
  });
  it("maps Node errors to stable keys", () => {
    expect(toFetchError(Object.assign(new Error("x"), { code: "ENOTFOUND" })).key).toBe("dns_failed");
    expect(toFetchError(Object.assign(new Error("x"), { code: "ECONNRESET" })).key).toBe("connection_reset");
    expect(toFetchError(Object.assign(new Error("self-signed certificate"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" })).key).toBe("tls_error");
  });
});
