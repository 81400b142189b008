import { describe, expect, it } from "vitest";
import { tidyReaderHtml } from "../../lib/present/reader-html.ts";

describe("tidyReaderHtml", () => {
  it("drops the repeated title, Transcript links and empty bullets at the top, and keeps the article", () => {
    const html = `<div><h1>Senate passes the budget ¶</h1><ul><li></li><li> </li></ul><p><a href="/t">Transcript</a></p>
      <p>The vote came late on Tuesday.</p><h2>Transcript</h2><p>Later text.</p></div>`;
    const out = tidyReaderHtml(html, "Senate passes the budget");
    expect(out).not.toMatch(/<h1>/);
    expect(out).not.toMatch(/<li>/);
    expect(out.indexOf("Transcript")).toBeGreaterThan(out.indexOf("The vote came late")); // only the top is tidied
    expect(out).toMatch(/<p>The vote came late on Tuesday\.<\/p>/);
  });

  it("keeps a first heading that is not the title, lists with content, and images", () => {
    const html = `<h2>What we know</h2><ul><li>One</li><li>Two</li></ul><p><img src="https://x.example/a.jpg" alt=""></p>`;
    expect(tidyReaderHtml(html, "Another title")).toBe(html);
  });

  it("repairs mojibake in text but not in attributes", () => {
    const out = tidyReaderHtml(`<p>Itâ€™s in ZÃ¼rich <a href="https://x.example/Ã¼">link</a></p>`, "t");
    expect(out).toContain("It’s in Zürich");
    expect(out).toContain('href="https://x.example/Ã¼"');
  });
});
