// `lede extract` end to end: one page to JSON, and batch mode to JSON lines, through the real CLI.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const pages = join(root, "test", "fixtures", "extract", "pages");
const lede = (args: string[], input?: string) =>
  execFileSync(process.execPath, [join(root, "bin", "lede.mjs"), "extract", ...args], { cwd: root, input, encoding: "utf8", env: { ...process.env, LOG_LEVEL: "silent" } });

describe("lede extract", () => {
  it("prints JSON for one gzipped page", () => {
    const out = JSON.parse(lede([join(pages, "wcxb-0019.html.gz"), "--url", "https://example.org/post"]));
    expect(out.text.length).toBeGreaterThan(500);
    expect(typeof out.title).toBe("string");
    expect(out.method).toMatch(/density|blocks|template|body/);
  });

  it("reads stdin with -", () => {
    const html = `<html><head><title>Stdin page</title></head><body><article><p>${"A sentence of the article body. ".repeat(20)}</p></article></body></html>`;
    const out = JSON.parse(lede(["-", "--url", "https://example.org/x"], html));
    expect(out.title).toBe("Stdin page");
    expect(out.text).toContain("A sentence of the article body.");
  });

  it("writes one JSON line per page in batch mode, with URLs and templates", () => {
    const dir = mkdtempSync(join(tmpdir(), "lede-extract-"));
    const files = ["wcxb-0019.html.gz", "wcxb-0285.html.gz", "wcxb-0447.html.gz"];
    for (const f of files) copyFileSync(join(pages, f), join(dir, f));
    const page = (n: number) => `<html><body><div class="menu-x">Site wide banner text</div><p>${`Article ${n} words are here. `.repeat(20)}</p></body></html>`;
    for (const n of [1, 2, 3]) writeFileSync(join(dir, `s${n}.html`), page(n));
    const urls = Object.fromEntries([...files.map((f, i) => [f, `https://a${i}.example/p`]), ...[1, 2, 3].map((n) => [`s${n}.html`, `https://site.example/${n}`])]);
    writeFileSync(join(dir, "urls.json"), JSON.stringify(urls));
    const out = join(dir, "out.jsonl");
    lede(["--batch", dir, "--out", out, "--urls", join(dir, "urls.json"), "--templates"]);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file).sort()).toEqual([...files, "s1.html", "s2.html", "s3.html"].sort());
    for (const l of lines) expect(Object.keys(l)).toEqual(["file", "url", "title", "author", "published", "lang", "text", "method", "ms"]);
    const s2 = lines.find((l) => l.file === "s2.html");
    expect(s2.url).toBe("https://site.example/2");
    expect(s2.method).toBe("template");
    expect(s2.text).not.toContain("Site wide banner");
  });

  it("fails with usage on bad arguments", () => {
    expect(() => lede(["--batch", "/tmp"])).toThrow(/--out/);
  });
});
