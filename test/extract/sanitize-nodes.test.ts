// sanitizeArticleNodes (the sanitiser walking the parsed nodes) writes exactly what the old path,
// serialise + sanitize-html, writes: on real pages (the body and every element two levels below it,
// SVG and raw-text edge cases included, which take the old path) and on small hand-made cases.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bodyOf, isElement, parseHtml, type AnyNode, type CheerioAPI, type ParentNode } from "../../lib/extract/dom.ts";
import { sanitizeArticleHtml, sanitizeArticleNodes } from "../../lib/extract/sanitize.ts";
import { decodeHtml } from "../../lib/encoding/decode.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "extract", "pages");
const files = readdirSync(dir).filter((f) => f.endsWith(".html.gz")).sort();
const load = (file: string) => decodeHtml(gunzipSync(readFileSync(join(dir, file)))).text;

function bothWays($: CheerioAPI, roots: ParentNode[], url: string): [string, string] {
  const render = (r: ParentNode) => (isElement(r as AnyNode) ? $.html(r as never) : $.html(r.children));
  return [sanitizeArticleNodes(roots, url, render), sanitizeArticleHtml(roots.map(render).join("\n"), url)];
}

describe("sanitizeArticleNodes", () => {
  it("equals serialise + sanitize-html on real pages", () => {
    expect(files.length).toBeGreaterThan(20);
    let compared = 0;
    for (const file of files) {
      const $ = parseHtml(load(file));
      const body = bodyOf($);
      const roots: ParentNode[][] = [[body]];
      for (const c of body.children) if (isElement(c)) { roots.push([c]); for (const g of c.children) if (isElement(g)) roots.push([g, c]); }
      for (const r of roots) {
        const [direct, old] = bothWays($, r, "https://example.com/news/a.html");
        expect(direct, file).toBe(old);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("equals it on the edge cases of the round trip", () => {
    const cases = [
      `<p>C1 \u0080\u0096\u009f and a lone \ud800x surrogate \udc00, an emoji \ud83d\ude00, &amp;&lt;&gt; "quotes"</p>`,
      `<p><a href="javascript:alert(1)" title="t">bad</a> <a href="/rel?a=1&amp;b=2" title="">rel</a> <a href="//cdn.example/x">pr</a></p>`,
      `<p><img src="/a.png" alt=""><img data-src="/lazy.png" src="data:x" width="10" onload="x()"><img src="javascript:x"><img alt="no src"></p>`,
      `<table><tr><td colspan="2" rowspan="">c</td><th style="x">h</th></tr></table><time datetime="2024-01-01">d</time><abbr title="A">a</abbr>`,
      `<div><!-- a comment --><script>var a = "<b>";</script><style>p{}</style><noscript><p>ns</p></noscript><template><p>t</p></template>x</div>`,
      `<div><svg><title>icon</title><path d="M0"/></svg><math><mi>x</mi></math><p>after</p></div>`,
      `<div><font color="red">kept text</font><center>c</center><br><hr><wbr><input value="v"><textarea>t &lt;x&gt;</textarea></div>`,
      `<div><noscript>&lt;img src=x&gt;</noscript><xmp>&lt;b&gt;</xmp><p>end</p></div>`,
    ];
    for (const html of cases) {
      const $ = parseHtml(`<html><body>${html}</body></html>`);
      const [direct, old] = bothWays($, [bodyOf($)], "https://example.com/a/b");
      expect(direct, html).toBe(old);
    }
  });
});
