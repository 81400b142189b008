// The image proxy's parts without a server: signed addresses, the reader view's rewrite, sniffing,
// and the disk cache (a real folder).
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { proxiedImageSrc, readImageAddress } from "../../lib/images/address.ts";
import { ImageCache } from "../../lib/images/cache.ts";
import { sniffImageType } from "../../lib/images/fetch-image.ts";
import { sanitizeArticleHtml } from "../../lib/extract/sanitize.ts";

const secret = "image-test-secret-of-32-characters!!";

describe("image addresses", () => {
  it("signs the URL with its private-network setting; a changed URL, setting or signature is refused", () => {
    const src = proxiedImageSrc(secret, { url: "https://pub.example/a.jpg?x=1&y=2", allowPrivateNetwork: false });
    expect(src.startsWith("/api/img?")).toBe(true);
    const params = new URL(src, "http://lede").searchParams;
    expect(readImageAddress(secret, params)).toEqual({ url: "https://pub.example/a.jpg?x=1&y=2", allowPrivateNetwork: false });
    const flipped = new URLSearchParams(params); flipped.set("p", "1");
    expect(readImageAddress(secret, flipped)).toBeNull();
    const other = new URLSearchParams(params); other.set("u", "http://169.254.169.254/");
    expect(readImageAddress(secret, other)).toBeNull();
    expect(readImageAddress("another-secret-of-32-characters!!!!!", params)).toBeNull();
    expect(proxiedImageSrc(secret, { url: "data:image/png;base64,AAAA", allowPrivateNetwork: false })).toBe("data:image/png;base64,AAAA");
  });

  it("rewrites the reader view's images (lazy ones too) to the proxy, and nothing else", () => {
    const html = '<p><img src="/a.jpg" alt="a"><img data-src="https://cdn.example/b.png"><img src="data:image/gif;base64,R0lGOD"> <a href="https://pub.example/x">x</a></p>';
    const out = sanitizeArticleHtml(html, "https://pub.example/story", { imageSrc: (u) => proxiedImageSrc(secret, { url: u, allowPrivateNetwork: false }) });
    const srcs = [...out.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    expect(srcs).toHaveLength(3);
    expect(readImageAddress(secret, new URL(srcs[0]!, "http://lede").searchParams)?.url).toBe("https://pub.example/a.jpg");
    expect(readImageAddress(secret, new URL(srcs[1]!, "http://lede").searchParams)?.url).toBe("https://cdn.example/b.png");
    expect(srcs[2]).toBe("data:image/gif;base64,R0lGOD");
    expect(out).toContain('href="https://pub.example/x"');
    expect(out).not.toMatch(/src="https?:/);
  });
});

describe("image sniffing and cache", () => {
  it("knows raster images by their first bytes, and nothing else", () => {
    expect(sniffImageType(Buffer.from("ffd8ffe000104a4649", "hex"))).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("89504e470d0a1a0a0000", "hex"))).toBe("image/png");
    expect(sniffImageType(Buffer.from("GIF89a...."))).toBe("image/gif");
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(Buffer.from("\0\0\0\x1cftypavif"))).toBe("image/avif");
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(Buffer.from("<html>"))).toBeNull();
  });

  it("keeps images on disk by URL and drops the oldest past its size", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lede-img-"));
    const cache = new ImageCache(dir, 2500);
    cache.put("https://a.example/1", { contentType: "image/png", body: Buffer.alloc(1000, 1) });
    expect(cache.get("https://a.example/1")).toEqual({ contentType: "image/png", body: Buffer.alloc(1000, 1) });
    expect(cache.get("https://a.example/2")).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    cache.put("https://a.example/2", { contentType: "image/jpeg", body: Buffer.alloc(1000, 2) });
    await new Promise((r) => setTimeout(r, 20));
    cache.put("https://a.example/3", { contentType: "image/gif", body: Buffer.alloc(1000, 3) });
    expect(cache.get("https://a.example/1")).toBeNull();
    expect(cache.get("https://a.example/3")?.contentType).toBe("image/gif");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(new ImageCache(dir).get("https://a.example/2")?.body[0]).toBe(2); // survives a restart
  });
});
